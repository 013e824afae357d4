{%- macro m(a) -%}{{ a }}{%- endmacro %}
x:
  test.nop:
    - v: "{% call m(1) %}body{% endcall %}"
