{% set x = 'abc' %}
a: {{ x.foo }}
