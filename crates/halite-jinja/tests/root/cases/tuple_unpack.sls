{%- set a, b = 1, 2 %}
{{ a }} {{ b }}
{%- set t = (1, 'x') %}
{{ t[0] }} {{ t | list }} {{ t | length }}
{%- for k, v in [['a', 1], ['b', 2]] %} {{ k }}{{ v }}{% endfor %}
