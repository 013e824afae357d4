{# plist serializer_opts (Salt 3007; 3008 has no plist serializer): the binary format
   (fmt: FMT_BINARY), sort_keys, and merge_if_exists reading a binary plist. #}
{% set d = salt['environ.get']('HALITE_SCRATCH') %}
{% for run in ['', '_again'] %}
binary{{ run }}:
  file.serialize:
    - name: {{ d }}/bin.plist
    - formatter: plist
    - serializer_opts:
      - fmt: FMT_BINARY
    - dataset:
        zeta: same
        alpha:
          ints: [0, 1, -5, 255, 256, 65535, 65536, 4294967296, -9000000000]
          floats: [0.5, -2.25, 1e300]
          flags: [true, false, true]
          again: same
          text: "ünïcødé ☃"
          empty_list: []
          empty_dict: {}
        many: [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q]
        long: {{ ('x' * 300)|json }}
binary_nosort{{ run }}:
  file.serialize:
    - name: {{ d }}/bin_nosort.plist
    - formatter: plist
    - serializer_opts:
      - fmt: FMT_BINARY
      - sort_keys: False
    - dataset:
        zeta: 1
        alpha: [2, {y: 1, b: 2}]
{% endfor %}
binary_none:
  file.serialize:
    - name: {{ d }}/none.plist
    - formatter: plist
    - serializer_opts:
      - fmt: FMT_BINARY
    - dataset:
        a: null
binary_merge:
  file.serialize:
    - name: {{ d }}/bin.plist
    - formatter: plist
    - merge_if_exists: True
    - serializer_opts:
      - fmt: FMT_BINARY
    - dataset:
        alpha:
          added: 1
        zeta: changed
read:
  cmd.run:
    - name: cd {{ d }} && for f in bin.plist bin_nosort.plist none.plist; do echo $f; base64 -w 76 $f; done
    - onlyif: test -e {{ d }}/bin.plist
