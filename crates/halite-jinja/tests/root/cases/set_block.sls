{%- set block %}
line1
{{ grains['os'] }}
{%- endset %}
[{{ block }}]
{%- set ns = namespace(count=0) %}
{%- for i in [1, 2, 3] %}{% set ns.count = ns.count + i %}{% endfor %}
{{ ns.count }}
