{%- macro m() %}{{ nope_in_macro }}{% endmacro %}
x
{{ m() }}
