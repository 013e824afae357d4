{%- set rows = [{'g': 'a', 'v': 1}, {'g': 'b', 'v': 2}, {'g': 'a', 'v': 3}] %}
{%- for grp in rows | groupby('g') %}
{{ grp.grouper }}: {{ grp.list | map(attribute='v') | list }}
{%- endfor %}
{%- for g, items in rows | groupby('g') %}
{{ g }}={{ items | length }}
{%- endfor %}
{%- for r in rows | sort(attribute='g') %}{% if loop.changed(r.g) %} [{{ r.g }}]{% endif %}{{ r.v }}{% endfor %}
