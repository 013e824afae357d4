[{{ 'yes' if true }}] [{{ 'yes' if false }}] [{{ 'a' if none else 'b' }}] [{{ 1 if [] else 2 }}]
{%- set v = none %}
{% if v is none %}none{% endif %} {% if v is not defined %}undef{% else %}def{% endif %} {% if w is not defined %}w-undef{% endif %}
{{ (1 if true else 2) + 1 }}
