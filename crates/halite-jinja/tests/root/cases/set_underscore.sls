{%- set x = {} %}
{%- set _ = x.update({'a': 1}) %}
{%- set _ = x.setdefault('l', []).append(2) %}
{{ x }} {{ _ }}
{%- set items = [] %}
{%- for i in range(3) %}{% set _ = items.append(i * 2) %}{% endfor %}
{{ items }}
{%- set acc = [] %}
{%- for i in range(3) %}{% set acc = acc + [i] %}{% endfor %}
{{ acc }}
