{%- set d = {'k' } %}
r: {test.nop: []}
