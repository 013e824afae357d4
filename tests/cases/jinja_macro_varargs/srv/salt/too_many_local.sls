{%- macro m() -%}none{%- endmacro %}
x:
  test.nop:
    - v: {{ m(1) }}
