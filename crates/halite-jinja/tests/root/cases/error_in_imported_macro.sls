{%- from 'lib/broken.jinja' import bad %}
x
{{ bad() }}
