{%- for k, v in {'b': 1, 'a': 2} | items %}{{ k }}{{ v }} {% endfor %}
{{ {'x': 1} | items | list }}
