{% from 'webapp/map.jinja' import defaults as app with context %}
webapp_root:
  file.directory:
    - name: {{ app.root }}
    - makedirs: True

webapp_config:
  file.managed:
    - name: {{ app.root }}/app.conf
    - contents: |
        # managed by halite for {{ grains['id'] }}
        port = {{ app.port }}
        sites = {{ app.sites | join(',') }}
    - require:
      - file: webapp_root

webapp_reload:
  cmd.run:
    - name: echo reloading webapp on port {{ app.port }}
    - onchanges:
      - file: webapp_config
