{% set x = 1.5 %}
a: {{ x.foo }}
