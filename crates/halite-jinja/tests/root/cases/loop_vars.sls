{%- for x in ['a', 'b', 'c'] %}
{{ loop.index0 }} {{ loop.revindex }} {{ loop.revindex0 }} {{ loop.cycle('odd', 'even') }} {{ loop.previtem | default('-') }} {{ loop.nextitem | default('-') }}
{%- endfor %}
{%- set tree = [{'n': 'a', 'c': [{'n': 'b', 'c': []}]}] %}
{%- for node in tree recursive %}
{{ loop.depth }}{{ node.n }}{{ loop(node.c) }}
{%- endfor %}
