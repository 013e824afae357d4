{%- set d = {'a': 1, 'b': 2} %}
{{ d.get('a') }} {{ d.get('z') }} {{ d.get('z', 'dflt') }}
{%- for k, v in d.items() %}
{{ k }}={{ v }}
{%- endfor %}
{{ d.keys() | list }} {{ d.values() | list }}
{%- for k in d %} {{ k }}{% endfor %}
{{ 'a' in d }} {{ 'z' in d }} {{ d | length }}
{{ d.setdefault('c', 3) }} {{ d }}
