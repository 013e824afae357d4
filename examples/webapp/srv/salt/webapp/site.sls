{% from 'webapp/map.jinja' import defaults as app with context %}
include:
  - webapp

{% for site in app.sites %}
site_{{ site }}:
  file.managed:
    - name: {{ app.root }}/sites/{{ site }}.conf
    - makedirs: True
    - contents: "server_name {{ site }};"
    - require:
      - file: webapp_root
    - watch_in:
      - cmd: webapp_reload
{% endfor %}
