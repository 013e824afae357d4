{% set roots = opts['file_roots']['base'][0] %}
json_merge_test:
  file.serialize:
    - name: {{ roots }}/data.json
    - dataset:
        nested:
          change: new
    - formatter: json
    - merge_if_exists: True
