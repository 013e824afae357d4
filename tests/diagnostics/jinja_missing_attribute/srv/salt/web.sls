{% set cfg = {'port': 80} %}
web:
  test.nop:
    - name: {{ cfg.host.name }}
