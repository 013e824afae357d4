{%- set d = {'a': 1} %}
x
{{ d.missing | dictsort }}
