{%- from 'macros.jinja' import strict %}
x:
  test.nop:
    - v: {{ strict('a', 'b') }}
