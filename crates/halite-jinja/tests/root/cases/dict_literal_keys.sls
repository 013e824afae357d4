{%- set d = {1: 'int', 'a': 'str', none: 'none', true: 'bool', 2.5: 'float'} %}
{{ d }} {{ d[1] }} {{ d['a'] }}
{%- set k = 'dyn' %}
{{ {k: 1, k ~ '2': 2} }}
