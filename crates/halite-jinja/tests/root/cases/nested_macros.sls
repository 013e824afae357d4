{%- macro render_value(v) -%}
{%- if v is mapping -%}
{ {%- for k, x in v.items() %}{{ k }}: {{ render_value(x) }}{% if not loop.last %}, {% endif %}{% endfor -%} }
{%- elif v is string -%}
"{{ v }}"
{%- elif v is iterable -%}
[{%- for x in v %}{{ render_value(x) }}{% if not loop.last %}, {% endif %}{% endfor -%}]
{%- else -%}
{{ v }}
{%- endif -%}
{%- endmacro %}
{{ render_value(pillar['users']) }}
{{ render_value({'a': [1, 'b', {'c': none}]}) }}
