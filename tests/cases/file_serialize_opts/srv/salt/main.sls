{# file.serialize's serializer_opts / deserializer_opts for each serializer; every state
   that writes a file runs twice (the second run converged) and the file is read back. #}
{% set d = salt['environ.get']('HALITE_SCRATCH') %}
{% set data = {'zeta': 1, 'alpha': {'zz': [1, 2.5, {'x': 'é'}], 'none': None, 'long': 'word ' * 25}, 'mid': [], 'empty': {}} %}
{% set ini = {'s1': {'k': 'v', 'n': 2, 'multi': 'a\nb'}, 's0': {'a': 'b'}} %}
{% set cases = [
  ('json_indent4', 'json', [{'indent': 4}]),
  ('json_noindent', 'json', [{'indent': None}]),
  ('json_nosort', 'json', [{'sort_keys': False}]),
  ('json_seps', 'json', [{'separators': [',', ':']}, {'indent': 0}]),
  ('json_ascii', 'json', [{'ensure_ascii': True}, {'indent': '\t'}]),
  ('json_two_keys', 'json', [{'indent': 8, 'sort_keys': False}]),
  ('json_dict_opts', 'json', {'indent': 8}),
  ('json_bad', 'json', [{'bogus': 1}]),
  ('yaml_flow_none', 'yaml', [{'default_flow_style': None}]),
  ('yaml_flow_true', 'yaml', [{'default_flow_style': True}]),
  ('yaml_indent', 'yaml', [{'indent': 4}]),
  ('yaml_width', 'yaml', [{'width': 30}]),
  ('yaml_unicode', 'yaml', [{'allow_unicode': True}]),
  ('yaml_explicit', 'yaml', [{'explicit_start': True}, {'explicit_end': True}]),
  ('yaml_nosort', 'yaml', [{'sort_keys': False}]),
  ('yaml_dstyle', 'yaml', [{'default_style': '"'}]),
  ('yaml_sstyle', 'yaml', [{'default_style': "'"}]),
  ('yaml_bad', 'yaml', [{'bogus': 1}]),
  ('yamlex_plain', 'yamlex', []),
  ('yamlex_block', 'yamlex', [{'default_flow_style': False}]),
  ('plist_nosort', 'plist', [{'sort_keys': False}]),
  ('plist_xml', 'plist', [{'fmt': 'FMT_XML'}]),
  ('plist_bad', 'plist', [{'bogus': 1}]),
  ('keyvalue_unknown', 'keyvalue', [{'bogus': 1}]),
  ('cp_delim', 'configparser', [{'delimiters': [':']}]),
  ('cp_novalue', 'configparser', [{'allow_no_value': True}, {'default_section': 's0'}]),
  ('cp_allow_none', 'configparser', [{'allow_no_value': True}]),
  ('cp_bad', 'configparser', [{'bogus': 1}]),
  ('keyvalue_plain', 'keyvalue', []),
  ('keyvalue_opts', 'keyvalue', [{'separator': ': '}, {'quoting': True}]),
  ('keyvalue_quoted', 'keyvalue', [{'quoting': True}, {'line_ending': '\r\n'}]),
] %}
{% for id, fmt, opts in cases %}
{% for run in ['', '_again'] %}
{{ id }}{{ run }}:
  file.serialize:
    - name: {{ d }}/{{ id }}
    - formatter: {{ fmt }}
    - serializer_opts: {{ opts|json }}
    - dataset:
{%- if fmt in ['configparser', 'plist'] %}
        s1:
          k: v
          n: 2
          multi: "a\nb"
          {%- if id in ['cp_novalue', 'cp_allow_none'] %}
          flag: null
          {%- endif %}
        s0:
          a: b
{%- elif fmt == 'keyvalue' %}
        ZED: "it's here"
        ALPHA: plain
        NUM: {{ 3 if id == 'keyvalue_opts' else '"3"' }}
{%- else %}
        zeta: 1
        alpha:
          zz: [1, 2.5, {x: "é"}]
          none: null
          long: {{ ('word ' * 25)|json }}
          str_num: "12"
        mid: []
        empty: {}
{%- endif %}
{% endfor %}
{{ id }}_read:
  cmd.run:
    - name: cat {{ d }}/{{ id }}
    - onlyif: test -e {{ d }}/{{ id }}
{% endfor %}
