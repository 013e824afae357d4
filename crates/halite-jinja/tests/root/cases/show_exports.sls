{%- import 'lib/helpers.jinja' as h %}
{{ h.helper_list }} {{ h.greet('x') }}
{%- set local_a = 1 %}
