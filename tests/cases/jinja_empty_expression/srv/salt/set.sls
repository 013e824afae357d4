{% set x = %}
b: 1
