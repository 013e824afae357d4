{% filter upper %}
hello {{ grains['os'] }}
{% endfilter %}
{%- filter indent(4) %}
a
b
{%- endfilter %}
