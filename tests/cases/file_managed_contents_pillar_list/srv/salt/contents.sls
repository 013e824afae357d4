{#- contents_pillar naming one key whose value is a list: one line an item (Salt's
    _validate_str_list), not the list's repr (found by the locale formula in test mode) #}
{% set out = salt['environ.get']('HALITE_SCRATCH') ~ '/out' %}
{% set existing = opts['file_roots']['base'][0] ~ '/existing.txt' %}
{% if opts['test'] %}
list_over_existing:
  file.managed:
    - name: {{ existing }}
    - contents_pillar: conf
nested_list_over_existing:
  file.managed:
    - name: {{ existing }}
    - contents_pillar: nested:lines
mapping_over_existing:
  file.managed:
    - name: {{ existing }}
    - contents_pillar: nested:mapping
{% else %}
seed:
  file.managed:
    - name: {{ out }}/a
    - makedirs: True
    - contents: old
list:
  file.managed:
    - name: {{ out }}/a
    - contents_pillar: conf
    - require:
      - file: seed
nested_list:
  file.managed:
    - name: {{ out }}/b
    - contents_pillar: nested:lines
text:
  file.managed:
    - name: {{ out }}/c
    - contents_pillar: nested:text
two_keys:
  file.managed:
    - name: {{ out }}/d
    - contents_pillar:
      - nested:text
      - nested:text
{% endif %}
