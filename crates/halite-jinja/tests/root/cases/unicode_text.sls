{%- set s = 'héllo wörld ✓' %}
{{ s }} {{ s | upper }} {{ s | length }} {{ s[1] }}
{{ s | json }} {{ s | tojson }} {{ [s] }} {{ {'k': s} }}
{{ s | yaml }} {{ s | yaml_encode }} {{ s | yaml_dquote }}
