{%- macro m(a) -%}{{ a }}{%- endmacro %}
x:
  test.nop:
    - v: {{ m(1, b=2) }}
