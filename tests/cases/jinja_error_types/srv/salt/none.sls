{% set x = none %}
a: {{ x.foo }}
