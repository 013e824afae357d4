{%- set a = {} %}
{%- set b = a %}
{%- do b.update({'k': 1}) %}
{{ a }}
{%- set l = [] %}
{%- do l.append(1) %}
{%- do l.extend([2, 3]) %}
{%- do l.insert(0, 0) %}
{{ l }} {{ l.pop() }} {{ l }}
{%- do l.remove(1) %}
{{ l }} {{ l.index(2) }} {{ l.count(2) }}
{%- set n = {'x': {'y': []}} %}
{%- do n.x.y.append('z') %}
{%- do n['x'].setdefault('w', []).append(5) %}
{{ n }}
{{ n.pop('x') }} {{ n }} {{ n.pop('missing', 'dflt') }}
{%- set c = a.copy() %}
{%- do c.update(k=2, j=3) %}
{{ a }} {{ c }}
