{%- for x in pillar['app']['users'] %}
{{ x.nope }}
{%- endfor %}
