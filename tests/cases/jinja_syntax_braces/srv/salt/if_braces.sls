{%- set x = 1 %}
{% if {{ x }} %}
r: {test.nop: []}
{% endif %}
