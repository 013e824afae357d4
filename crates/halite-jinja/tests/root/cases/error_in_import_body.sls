{%- import 'lib/broken_top.jinja' as b %}
y
