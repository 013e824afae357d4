{%- set found = false %}
{%- for u in ['a', 'b'] %}{% if u == 'b' %}{% set found = true %}{% endif %}{% endfor %}
{{ found }}
{%- set ns = namespace(found=false, items=[]) %}
{%- for u in ['a', 'b'] %}{% if u == 'b' %}{% set ns.found = true %}{% endif %}{% do ns.items.append(u) %}{% endfor %}
{{ ns.found }} {{ ns.items }}
