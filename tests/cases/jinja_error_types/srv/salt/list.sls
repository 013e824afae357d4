{% set x = [1] %}
a: {{ x.foo }}
