{%- from './sub_helper.jinja' import value %}
{{ value }}
