{{ {'a': 1}.items() | list }} {{ {'a': 1, 'b': 2} | list }} {{ {'a': 1} | dictsort | first }}
{%- set d = {'b': {'y': 1, 'x': 2}, 'a': 3} %}
{%- for k, v in d | dictsort %}
{{ k }}: {{ v }}
{%- endfor %}
{{ d | dictsort(true) }} {{ d.items() | sort }}
