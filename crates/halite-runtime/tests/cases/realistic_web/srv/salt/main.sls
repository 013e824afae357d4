{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
web_root:
  file.directory:
    - name: {{ s }}/www
    - mode: 755
site_config:
  file.managed:
    - name: {{ s }}/www/site.conf
    - source: salt://files/site.conf
    - mode: 644
    - require:
      - file: web_root
index_page:
  file.managed:
    - name: {{ s }}/www/index.html
    - contents: |
        <h1>hello</h1>
    - require:
      - file: {{ s }}/www
reload:
  cmd.wait:
    - name: echo reloading
    - watch:
      - file: site_config
      - file: index_page
after_reload:
  test.nop:
    - require:
      - cmd: reload
watch_file_state:
  file.managed:
    - name: {{ s }}/www/watched
    - contents: w
    - watch:
      - file: site_config
