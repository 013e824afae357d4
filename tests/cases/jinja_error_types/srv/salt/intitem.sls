{% set x = 5 %}
a: {{ x['foo'] }}
