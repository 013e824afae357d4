{%- macro wrap(tag) -%}
<{{ tag }}>{{ caller() }}</{{ tag }}>
{%- endmacro %}
{% call wrap('b') %}bold {{ grains['os'] }}{% endcall %}
{%- macro each(items) -%}
{%- for i in items %}{{ caller(i) }}{% endfor -%}
{%- endmacro %}
{% call(x) each([1, 2]) %}[{{ x }}]{% endcall %}
