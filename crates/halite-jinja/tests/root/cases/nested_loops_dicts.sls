{%- set matrix = {'os': ['debian', 'ubuntu'], 'ver': [11, 12]} %}
{%- for os in matrix.os %}
{%- for ver in matrix.ver %}
{{ os }}-{{ ver }}{% if not loop.last %},{% endif %}
{%- endfor %}
{%- endfor %}
{%- for k in matrix %}{{ k }} {% endfor %}
