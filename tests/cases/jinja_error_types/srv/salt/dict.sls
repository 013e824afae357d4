{% set x = {'a': 1} %}
a: {{ x.foo }}
