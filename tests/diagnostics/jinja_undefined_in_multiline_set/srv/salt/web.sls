{% set d = {
  'a': 1,
  'b': nosuch.x,
} %}
web:
  test.nop:
    - name: {{ d.a }}
