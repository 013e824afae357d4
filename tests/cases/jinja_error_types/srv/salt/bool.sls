{% set x = true %}
a: {{ x.foo }}
