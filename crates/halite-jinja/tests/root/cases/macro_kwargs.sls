{%- macro opt(name, value=none, quote=false) -%}
{{ name }}={{ '"' ~ value ~ '"' if quote else value }}
{%- endmacro %}
{{ opt('a', 1) }} {{ opt('b', value='x', quote=true) }} {{ opt(name='c') }}
{%- macro vargs() -%}{{ varargs }}|{{ kwargs }}{%- endmacro %}
{{ vargs(1, 2, k=3) }}
