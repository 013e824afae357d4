{% set d = salt['environ.get']('HALITE_SCRATCH') %}
ini:
  file.serialize:
    - name: {{ d }}/x.ini
    - formatter: configparser
    - dataset:
        sec: {Key: v, n: 1, multi: "a\nb", b: true, f: 2.5, nested: {x: 1, y: [1, {z: 2}]}, lst: [a, 1]}
        DEFAULT: {a: b}
        empty: {}
ini_again:
  file.serialize:
    - name: {{ d }}/x.ini
    - serializer: configparser
    - dataset:
        sec: {Key: v, n: 1, multi: "a\nb", b: true, f: 2.5, nested: {x: 1, y: [1, {z: 2}]}, lst: [a, 1]}
        DEFAULT: {a: b}
        empty: {}
python:
  file.serialize:
    - name: {{ d }}/x.py
    - formatter: python
    - dataset:
        zeta: [1, 2, 3]
        alpha: {long_key_number_one: "some fairly long string value here", long_key_number_two: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}
        b: 1.5
        n: null
        t: true
        1: int key
        text: "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.\nSecond line here."
        deep: {a: {b: {c: [aaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbbbbb, cccccccccccccccccccccccc, dddddddddddddddddddd]}}}
        e: {}
        l: []
python_short:
  file.serialize:
    - name: {{ d }}/short.py
    - formatter: python
    - dataset: {b: 1, a: [x, y]}
plist:
  file.serialize:
    - name: {{ d }}/x.plist
    - formatter: plist
    - dataset: {z: "a<b>&c", a: 1.5, e: {}, l: [], n: -3, nested: {list: [1, two, {three: true}], f: false}}
plist_again:
  file.serialize:
    - name: {{ d }}/x.plist
    - formatter: plist
    - dataset: {z: "a<b>&c", a: 1.5, e: {}, l: [], n: -3, nested: {list: [1, two, {three: true}], f: false}}
toml:
  file.serialize:
    - name: {{ d }}/x.toml
    - formatter: toml
    - dataset: {a: 1}
unknown:
  file.serialize:
    - name: {{ d }}/x.unknown
    - formatter: NoSuch
    - dataset: {a: 1}
# What was written, as Salt's serializers wrote it.
written:
  module.run:
    - file.read:
      - {{ d }}/x.ini
    - file.read:py:
      - {{ d }}/x.py
    - file.read:short:
      - {{ d }}/short.py
    - file.read:plist:
      - {{ d }}/x.plist
deserializer_opts_ignored:
  file.serialize:
    - name: {{ d }}/opts.ini
    - formatter: configparser
    - dataset: {foo: {bar: '%(x)s'}}
    - deserializer_opts:
      - defaults: {y: not_used}
