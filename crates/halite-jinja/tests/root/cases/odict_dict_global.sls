{{ dict(a=1, b=2) }} {{ dict([('x', 1)]) }} {{ odict() }}
{%- set d = dict(k='v') %}
{%- do d.update(z=1) %}
{{ d }}
