{%- from 'formula/map.jinja' import formula with context %}
{{ formula }}
{{ formula.pkg }} {{ formula.options.workers }}
