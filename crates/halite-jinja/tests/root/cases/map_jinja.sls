{%- from 'formula/map.jinja' import formula %}
{{ formula }}
{{ formula.pkg }} {{ formula.options.workers }}
{%- import 'formula/map.jinja' as m %}
{{ m.formula.config }} {{ m.osfamily }}
