{%- set cfg = {'server': {'listen': 80, 'names': ['a', 'b']}, 'debug': false} %}
config:
  file.managed:
    - contents: |
        {{ cfg | yaml(False) | indent(8) }}
    - other: {{ cfg | yaml }}
    - j: '{{ cfg | json }}'
{{ 'a\nb\n\nc' | indent(2) }}
{{ 'a\nb' | indent(2, true) }}
{{ 'a\n\nb' | indent(2, blank=true) }}
{{ 'x\ny' | indent('> ') }}
