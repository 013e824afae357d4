{%- set d = {} %}
{%- do d.update({'z': 1}) %}
{%- do d.update({'a': 2}) %}
{%- do d.update({'z': 3}) %}
{{ d }} {{ d | json }} {{ d | tojson }} {{ d | dictsort }}
