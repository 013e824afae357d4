{%- set o = odict([('z', 1), ('a', 2)]) %}
{{ o | yaml }} {{ {'z': 1, 'a': 2} | yaml }} {{ o | json }} {{ o }}
{%- do o.update({'m': 3}) %}
{{ o | yaml(False) }}
