{% set s = salt['environ.get']('HALITE_SCRATCH') %}
json1:
  file.serialize:
    - name: {{ s }}/out.json
    - dataset:
        b: 1
        a: [1, 2]
        c: {x: true}
    - formatter: json
json_again:
  file.serialize:
    - name: {{ s }}/out.json
    - dataset:
        b: 1
        a: [1, 2]
        c: {x: true}
    - formatter: json
yaml1:
  file.serialize:
    - name: {{ s }}/out.yaml
    - dataset:
        b: 1
        a: [1, 2]
    - formatter: yaml
