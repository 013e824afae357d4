{%- macro m(a) -%}{{ a }}{%- endmacro %}
x:
  test.nop:
    - v: {{ m(1, a=2) }}
