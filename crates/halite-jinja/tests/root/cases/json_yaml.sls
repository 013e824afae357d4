{%- set d = {'b': 2, 'a': [1, 'x', none, true], 'c': {'z': 1, 'y': 'q'}} %}
json: {{ d | json }}
tojson: {{ d | tojson }}
tojson_escaped: {{ {'h': '<a href="x">&\'</a>'} | tojson }}
yaml: {{ d | yaml }}
yaml_block: {{ d | yaml(False) }}
python: {{ d | python }}
str_json: {{ 'str' | json }} {{ 1.5 | json }} {{ none | json }}
