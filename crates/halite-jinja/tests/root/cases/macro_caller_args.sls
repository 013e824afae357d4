{%- macro m(a, b=2, *args, **kw) -%}
{{ a }} {{ b }} {{ varargs }} {{ kwargs }}
{%- endmacro %}
{{ m(1) }}
{{ m(1, 3, 4, 5, x=6) }}
{%- macro m2() %}{{ caller('z') }}{% endmacro %}
{% call(v) m2() %}got {{ v }}{% endcall %}
