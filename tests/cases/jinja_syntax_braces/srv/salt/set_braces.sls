{%- set x = {'a': {'b': 1}} %}
{%- set dir = {{ x['a']['b'] }} %}
r: {test.nop: []}
