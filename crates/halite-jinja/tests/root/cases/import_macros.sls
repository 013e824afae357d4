{%- import 'formula/macros.jinja' as m %}
{{ m.kv('a', 1) }}
{{ m.kv('b', [1, 2], indent=2) }}
{{ m.exported_value }}
{%- from 'formula/macros.jinja' import kv, section %}
{{ kv('c', 'd') }}
{%- call section('main') %}
key = value
{%- endcall %}
