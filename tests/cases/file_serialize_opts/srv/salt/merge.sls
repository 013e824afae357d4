{# deserializer_opts read the existing file for merge_if_exists #}
{% set d = salt['environ.get']('HALITE_SCRATCH') %}
ini_first:
  file.serialize:
    - name: {{ d }}/test.ini
    - formatter: configparser
    - serializer_opts:
      - delimiters: [':']
      - allow_no_value: True
    - dataset:
        sec:
          k: '%(other)s'
          bare: null
ini_merge:
  file.serialize:
    - name: {{ d }}/test.ini
    - formatter: configparser
    - merge_if_exists: True
    - serializer_opts:
      - allow_no_value: True
    - deserializer_opts:
      - allow_no_value: True
      - interpolation: null
      - delimiters: [':']
    - dataset:
        sec:
          added: 1
ini_merge_strict:
  file.serialize:
    - name: {{ d }}/test.ini
    - formatter: configparser
    - merge_if_exists: True
    - deserializer_opts:
      - bogus: 1
    - dataset:
        sec:
          added: 2
ini_read:
  cmd.run:
    - name: cat {{ d }}/test.ini
json_first:
  file.serialize:
    - name: {{ d }}/test.json
    - formatter: json
    - dataset:
        a: 1
json_merge_bad_opt:
  file.serialize:
    - name: {{ d }}/test.json
    - formatter: json
    - merge_if_exists: True
    - deserializer_opts:
      - bogus: 1
    - dataset:
        b: 2
json_merge_strict:
  file.serialize:
    - name: {{ d }}/test.json
    - formatter: json
    - merge_if_exists: True
    - deserializer_opts:
      - strict: False
    - dataset:
        b: 2
yaml_merge_bad_opt:
  file.serialize:
    - name: {{ d }}/test.json
    - formatter: yaml
    - merge_if_exists: True
    - deserializer_opts:
      - bogus: 1
    - dataset:
        c: 3
yamlex_first:
  file.serialize:
    - name: {{ d }}/test.yamlex
    - formatter: yamlex
    - dataset:
        b: 1
        a: {y: 1, x: 2}
yamlex_merge:
  file.serialize:
    - name: {{ d }}/test.yamlex
    - formatter: yamlex
    - merge_if_exists: True
    - dataset:
        a: {w: 3}
        c: [1]
yamlex_read:
  cmd.run:
    - name: cat {{ d }}/test.yamlex
{% for name, text in {'dup_option': "[s]\na = 1\na = 2\n", 'dup_section': "[s]\na = 1\n[s]\nb = 2\n", 'comments': "[s]\n; c\n# d\na = 1 ; inline\nnovalue\n"}.items() %}
{% for opts in [[], [{'strict': False}, {'inline_comment_prefixes': [';']}, {'allow_no_value': True}]] %}
{{ name }}_{{ loop.index }}_write:
  file.managed:
    - name: {{ d }}/{{ name }}_{{ loop.index }}.ini
    - contents: {{ text|json }}
{{ name }}_{{ loop.index }}_merge:
  file.serialize:
    - name: {{ d }}/{{ name }}_{{ loop.index }}.ini
    - formatter: configparser
    - merge_if_exists: True
    - deserializer_opts: {{ opts|json }}
    - dataset:
        s:
          extra: 1
{% endfor %}
{% endfor %}
{# the `encoding` argument makes yaml allow_unicode and json ensure_ascii False; msgpack
   options go to msgpack.packb #}
{% for fmt in ['yaml', 'json'] %}
encoding_{{ fmt }}:
  file.serialize:
    - name: {{ d }}/encoding.{{ fmt }}
    - formatter: {{ fmt }}
    - encoding: utf-8
    - dataset:
        text: "é ☃"
{% endfor %}
encoding_read:
  cmd.run:
    - name: cat {{ d }}/encoding.yaml {{ d }}/encoding.json
msgpack_ok_opts:
  file.serialize:
    - name: {{ d }}/ok.msgpack
    - formatter: msgpack
    - serializer_opts:
      - use_bin_type: True
    - dataset:
        a: 1
msgpack_bad_opt:
  file.serialize:
    - name: {{ d }}/bad.msgpack
    - formatter: msgpack
    - serializer_opts:
      - bogus: 1
    - dataset:
        a: 1
