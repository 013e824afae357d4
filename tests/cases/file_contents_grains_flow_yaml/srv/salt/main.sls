{#- contents_grains naming a dict (the grains are plain dicts: str() without OrderedDict) and
    file.serialize with serializer_opts default_flow_style True (every collection in flow
    style) #}
{% set out = salt['environ.get']('HALITE_SCRATCH') ~ '/out' %}
grain_dict:
  file.managed:
    - name: {{ out }}/grain_dict
    - makedirs: True
    - contents_grains: halite_case
grain_list:
  file.managed:
    - name: {{ out }}/grain_list
    - makedirs: True
    - contents_grains: halite_list
flow:
  file.serialize:
    - name: {{ out }}/flow.yaml
    - makedirs: True
    - serializer: yaml
    - serializer_opts:
      - default_flow_style: True
    - dataset:
        b: [1, 2, {c: d}]
        a: {x: 1}
        u: "ünï"
block:
  file.serialize:
    - name: {{ out }}/block.yaml
    - makedirs: True
    - serializer: yaml
    - serializer_opts:
      - default_flow_style: False
    - dataset:
        b: [1, 2]
        a: {x: 1}
show:
  cmd.run:
    - name: cat {{ out }}/grain_dict {{ out }}/grain_list {{ out }}/flow.yaml {{ out }}/block.yaml
    - require:
      - file: grain_dict
      - file: grain_list
      - file: flow
      - file: block
