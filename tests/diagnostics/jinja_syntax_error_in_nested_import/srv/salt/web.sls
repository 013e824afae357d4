{% from 'web/map.jinja' import web with context %}
web:
  test.nop:
    - name: {{ web.port }}
