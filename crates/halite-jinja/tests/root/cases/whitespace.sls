a
{% if true %}
b
{% endif %}
  {% set x = 1 %}
c {{ x }}
    {%- if true %}
d
    {%- endif %}
{# comment #}
e
{%- for i in [1,2] -%}
  {{ i }}
{%- endfor -%}
f
