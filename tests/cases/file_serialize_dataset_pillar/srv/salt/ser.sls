{#- file.serialize's dataset_pillar (found by the elasticsearch and salt formulas) #}
{% set out = salt['environ.get']('HALITE_SCRATCH') ~ '/out' %}
yaml_from_pillar:
  file.serialize:
    - name: {{ out }}/a.yml
    - makedirs: True
    - dataset_pillar: app:config
    - formatter: yaml
json_from_pillar:
  file.serialize:
    - name: {{ out }}/b.json
    - makedirs: True
    - dataset_pillar: app:config:cluster
    - formatter: json
missing_key:
  file.serialize:
    - name: {{ out }}/c.json
    - makedirs: True
    - dataset_pillar: app:nothing
    - formatter: json
both:
  file.serialize:
    - name: {{ out }}/d.json
    - dataset_pillar: app:config
    - dataset:
        a: 1
neither:
  file.serialize:
    - name: {{ out }}/e.json
{% if opts['test'] %}
{#- over a file of the case: the diff shows what would be written #}
yaml_over_existing:
  file.serialize:
    - name: {{ opts['file_roots']['base'][0] }}/existing.yml
    - dataset_pillar: app:config
    - formatter: yaml
json_over_existing:
  file.serialize:
    - name: {{ opts['file_roots']['base'][0] }}/existing.yml
    - dataset_pillar: app:config
    - formatter: json
{% endif %}
