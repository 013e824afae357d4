{% set pkgs = ['nginx', 'curl', 'git'] %}
{% for p in pkgs %}
pkg_{{ p }}:
  test.nop:
    - name: {{ p }}
{% endfor %}

web_conf:
  file.managed:
    - name: /tmp/halitetest-diag/web.conf
   - contents: hello
