{{ [1, 2] + [3] }} {{ [0] * 3 }} {{ [3, 1, 2] | sort | first }}
{%- set l = [3, 1, 2] %}
{%- do l.sort() %}
{{ l }}
{%- do l.reverse() %}
{{ l }}
{%- set m = l %}
{%- do m.append(9) %}
{{ l }} {{ l[0] }} {{ l[-1] }}
