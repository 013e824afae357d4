{% set d = salt['environ.get']('HALITE_SCRATCH') %}
ini_first:
  file.serialize:
    - name: {{ d }}/test.ini
    - dataset:
        foo:
          bar: '%(x)s'
    - formatter: configparser
    - deserializer_opts:
      - defaults:
          y: not_used
ini_merge:
  file.serialize:
    - name: {{ d }}/test.ini
    - dataset:
        foo:
          abc: 123
    - formatter: configparser
    - merge_if_exists: True
    - serializer_opts:
      - defaults:
          y: not_used
    - deserializer_opts:
      - defaults:
          x: baz
ini_read:
  module.run:
    - name: file.read
    - path: {{ d }}/test.ini
json_first:
  file.serialize:
    - name: {{ d }}/test.json
    - dataset:
        a: 1
        nested:
          keep: yes
          change: old
        list: [1, 2]
    - formatter: json
json_merge:
  file.serialize:
    - name: {{ d }}/test.json
    - dataset:
        nested:
          change: new
          added: [x]
        list: [3]
        b: null
    - formatter: json
    - merge_if_exists: True
json_same:
  file.serialize:
    - name: {{ d }}/test.json
    - dataset:
        nested:
          change: new
    - formatter: json
    - merge_if_exists: True
yaml_first:
  file.serialize:
    - name: {{ d }}/test.yaml
    - dataset:
        top:
          one: 1
    - formatter: yaml
yaml_merge:
  file.serialize:
    - name: {{ d }}/test.yaml
    - dataset:
        top:
          two: 2
        other: text
    - formatter: yaml
    - merge_if_exists: True
yaml_merge_missing_file:
  file.serialize:
    - name: {{ d }}/new.yaml
    - dataset:
        top: 1
    - formatter: yaml
    - merge_if_exists: True
plist_first:
  file.serialize:
    - name: {{ d }}/test.plist
    - dataset:
        foo:
          bar: '%(x)s'
    - formatter: plist
plist_merge:
  file.serialize:
    - name: {{ d }}/test.plist
    - dataset:
        foo:
          abc: 123
        list: [a, 1, 2.5, true]
    - formatter: plist
    - merge_if_exists: True
python_merge:
  file.serialize:
    - name: {{ d }}/test.json
    - dataset:
        a: 1
    - formatter: python
    - merge_if_exists: True
bad_json:
  file.serialize:
    - name: {{ d }}/test.yaml
    - dataset:
        a: 1
    - formatter: json
    - merge_if_exists: True
