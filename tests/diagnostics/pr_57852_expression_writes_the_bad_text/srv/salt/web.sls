{% set bad = 'key: value: other' %}
one:
  test.nop:
    - name: {{ bad }}
