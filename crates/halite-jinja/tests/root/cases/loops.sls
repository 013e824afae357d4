{%- for name, site in pillar['nginx']['sites'] | dictsort %}
{{ loop.index }} {{ loop.first }} {{ loop.last }} {{ name }} {{ site.port }} {{ loop.length }}
{%- endfor %}
{%- for u in pillar['app']['users'] if u != 'bob' %}
user {{ u }}
{%- else %}
none
{%- endfor %}
{%- for i in range(10) %}{% if i == 2 %}{% continue %}{% endif %}{% if i == 5 %}{% break %}{% endif %}{{ i }}{% endfor %}
{%- for a, b in [(1, 2), (3, 4)] %} {{ a + b }}{% endfor %}
{%- for x in [] %}x{% else %}
empty
{%- endfor %}
{{ range(3) | list }} {{ range(1, 10, 3) | list }}
