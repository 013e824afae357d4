{% set d = salt['environ.get']('HALITE_SCRATCH') %}
mp:
  file.serialize:
    - name: {{ d }}/x.mp
    - serializer: msgpack
    - dataset:
        a: 1
        b: [true, null, 2.5, "str", -3, 300, 70000, 5000000000]
        c: {nested: {x: "é"}}
mp_fmt:
  file.serialize:
    - name: {{ d }}/y.mp
    - formatter: msgpack
    - dataset: [1, 2, 3]
mp_same:
  file.serialize:
    - name: {{ d }}/y.mp
    - formatter: msgpack
    - dataset: [1, 2, 3]
mp_merge:
  file.serialize:
    - name: {{ d }}/x.mp
    - serializer: msgpack
    - merge_if_exists: True
    - dataset:
        z: 9
show:
  cmd.run:
    - name: od -An -tx1 {{ d }}/x.mp {{ d }}/y.mp
