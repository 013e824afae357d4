#!/usr/bin/env python3
"""The editable source of halite-yaml's test corpora: writes
crates/halite-yaml/tests/corpus/*.json (lists of [name, text]). Then run yaml_corpus.py
with the salt venv python to record the expected answers.

    python3 scripts/oracle/yaml_corpus_gen.py
"""
import json
import os

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CORPUS = os.path.join(ROOT, "crates", "halite-yaml", "tests", "corpus")


def load_cases():
    cases = []

    def c(name, text):
        cases.append((name, text))

    for i, s in enumerate(["~", "null", "Null", "NULL", "nULL", "", "none", "None"]):
        c(f"null_{i}", f"v: {s}\n")
    c("null_list", "- ~\n- \n- null\n")
    for s in ["yes", "Yes", "YES", "yEs", "no", "No", "NO", "true", "True", "TRUE", "tRue", "false",
              "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N", "t", "f"]:
        c(f"bool_{s}", f"v: {s}\n")
    for s in ["0", "1", "-1", "+1", "123", "1_000", "0644", "0755", "00", "000", "0_644", "-0644",
              "+0644", "0999", "0o644", "0x1F", "0X1F", "0x_1f", "-0x1F", "0b101", "0b1_01", "-0b11",
              "1:20", "1:20:30", "-1:20", "1:60", "1:7", "0:20", "190:20:30", "12345678901234567890",
              "9223372036854775807", "9223372036854775808", "-9223372036854775808", "08", "0_", "1_",
              "0b", "0x", "1__0", "-0", "+0", "0b2", "1:2:", "0x0", "-00"]:
        c(f"int_{s}", f"v: {s}\n")
    for s in ["1.0", "1.10", "1.", "-1.5", "+1.5", ".5", "-.5", "1e3", "1.0e3", "1.0e+3", "1.0E-3",
              "1e+3", "6.8523015e+5", "685.230_15e+03", "685_230.15", "190:20:30.15", "1:20.5", ".inf",
              ".Inf", ".INF", "-.inf", "+.inf", ".nan", ".NaN", ".NAN", "inf", "nan", "1.2.3", "0.1",
              "00.5", "1_.5", "3.14159265358979", "1e400", "123456789012345678.0", ".e+3", "1.e5",
              "-0.0", "0.0", "1.5e+400", "._5", "1._", "-.nan", "0.1e-5", "10.0e+1"]:
        c(f"float_{s}", f"v: {s}\n")
    for s in ["2024-01-31", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5",
              "2001-12-15T02:59:43.1Z", "2002-12-14", "2024-1-31", "12:30", "hello world", "a:b", "a#b",
              "a #b", "'quoted'", "\"dq\"", "'0644'", "\"yes\"", "'~'", "\"\"", "''", "<<", "=", "=x",
              "https://example.com/x?a=b", "C:\\path\\x", "salt://files/x.conf", "-", "--", "a - b",
              "1 2", "true false", "'it''s'", "\"tab\\there\"", "\"\\u00e9\\x41\\n\"", "é unicode ünï",
              "\"\\U0001F600\"", "'multi\n  line'", "\"multi\n\n  line\"", "plain\n  continued\n\n  para",
              "\"\\/\\ \\_\\N\\L\\P\\0\\a\\b\\e\\f\\v\\r\\\"\"", "'a\n\n\n  b'", "x  y", "\"  lead\"",
              "'trail  '"]:
        c(f"str_{s[:24]}", f"v: {s}\n")
    c("block_literal", "v: |\n  line1\n  line2\n\n")
    c("block_literal_strip", "v: |-\n  line1\n  line2\n\n")
    c("block_literal_keep", "v: |+\n  line1\n  line2\n\n\nw: 1\n")
    c("block_folded", "v: >\n  a\n  b\n\n  c\n   indented\n  d\n")
    c("block_folded_strip", "v: >-\n  a\n  b\n")
    c("block_indent_ind", "v: |2\n    x\n   y\n")
    c("block_literal_end", "v: |\n  last")
    c("block_in_list", "- |\n  a\n- >\n  b\n  c\n")
    c("block_empty", "v: |\nw: 1\n")
    c("block_folded_keep", "v: >+\n  a\n\n")
    c("block_leading_blank", "v: |\n\n  a\n")
    c("block_comment_after", "v: | # c\n  a\n")
    c("block_more_indented_folded", "v: >\n  a\n    b\n  c\n")
    c("map_simple", "a: 1\nb: two\nc: [1, 2]\nd: {x: y}\n")
    c("map_order", "z: 1\na: 2\nm: 3\n")
    c("nested", "a:\n  b:\n    c:\n      - 1\n      - x: 2\n        y: 3\n")
    c("seq_top", "- a\n- b\n- - c\n  - d\n")
    c("seq_indentless", "a:\n- 1\n- 2\nb: 3\n")
    c("flow_nested", "{a: [1, {b: c}], d: {}, e: []}\n")
    c("flow_seq_maps", "[a: 1, b]\n")
    c("int_keys", "1: a\n2: b\n1.5: c\ntrue: d\n~: e\n")
    c("key_types_dup_int_float", "1: a\n1.0: b\n")
    c("key_types_dup_true_1", "1: a\ntrue: b\n")
    c("key_quoted_vs_plain", "'1': a\n1: b\n")
    c("empty_doc", "")
    c("comment_only", "# nothing\n")
    c("doc_start_only", "---\n")
    c("doc_start_end", "--- \n...\n")
    c("scalar_doc", "hello\n")
    c("scalar_doc_int", "42\n")
    c("explicit_doc", "---\na: 1\n...\n")
    c("two_docs", "---\na: 1\n---\nb: 2\n")
    c("two_docs_empty", "---\n---\n")
    c("two_docs_implicit", "a: 1\n---\nb: 2\n")
    c("doc_end_then_doc", "a: 1\n...\n---\nb: 1\n")
    c("two_docs_second_bad", "a: 1\n---\nb: c: d\n")
    c("two_docs_first_dup", "a: 1\na: 2\n---\nb: 2\n")
    c("null_values", "a:\nb: ~\nc:\n  -\n  - \n")
    c("complex_key", "? a\n: b\n? [x]\n: y\n")
    c("complex_key_map", "? {a: 1}\n: b\n")
    c("jinja_double_curly", "{{ x }}\n")
    c("jinja_double_curly_key", "a:\n  {{ x }}: 1\n")
    c("jinja_curly_list", "a: {{ [1, 2] }}\n")
    c("set_key_q", "? a\n? b\n")
    c("anchor_alias", "a: &x 1\nb: *x\n")
    c("anchor_map_alias", "base: &b\n  x: 1\n  y: 2\nother: *b\n")
    c("merge_single", "base: &b\n  x: 1\n  y: 2\nd:\n  <<: *b\n  y: 3\n  z: 4\n")
    c("merge_list", "a: &a {x: 1, k: a}\nb: &b {y: 2, k: b}\nc:\n  <<: [*a, *b]\n  z: 3\n")
    c("merge_list_overlap", "a: &a {x: 1}\nb: &b {x: 2}\nc:\n  <<: [*a, *b]\n")
    c("merge_own_first", "a: &a {x: 1, y: 1}\nc:\n  z: 0\n  <<: *a\n  x: 9\n")
    c("merge_nested", "a: &a {x: 1}\nb: &b\n  <<: *a\n  y: 2\nc:\n  <<: *b\n  z: 3\n")
    c("merge_scalar", "a:\n  <<: 1\n")
    c("merge_list_scalar", "a:\n  <<: [1]\n")
    c("merge_inline", "a:\n  <<: {x: 1}\n  y: 2\n")
    c("merge_quoted_key", "a: &a {x: 1}\nb:\n  '<<': *a\n")
    c("merge_as_value", "a: <<\n")
    c("merge_dup_text", "a: &a {'1': x}\nb:\n  <<: *a\n  1: y\n")
    c("merge_in_list", "- &a {x: 1}\n- <<: *a\n  y: 2\n")
    c("merge_explicit_tag", "a: &a {x: 1}\nb:\n  !!merge <<: *a\n")
    c("merge_two_keys", "a: &a {x: 1}\nb: &b {y: 1}\nc:\n  <<: *a\n  <<: *b\n")
    c("alias_undefined", "a: *nope\n")
    c("alias_seq", "a: &s [1, 2]\nb: *s\nc: *s\n")
    c("anchor_redefined", "a: &x 1\nb: &x 2\nc: *x\n")
    c("value_key", "=: a\n")
    c("value_value", "a: =\n")
    for t, v in [("!!str", "123"), ("!!str", "yes"), ("!!int", "'0644'"), ("!!int", "\"0x1F\""),
                 ("!!int", "1.5"), ("!!int", "abc"), ("!!float", "1"), ("!!float", "'1e3'"),
                 ("!!float", "abc"), ("!!bool", "'yes'"), ("!!bool", "y"), ("!!null", "x"), ("!!str", "~"),
                 ("!!binary", "aGVsbG8="), ("!!timestamp", "2024-01-31"), ("!foo", "bar"), ("!", "123"),
                 ("!!python/unicode", "x"), ("!!int", "0"), ("!!int", "-0644"), ("!!str", ""),
                 ("!!seq", "[1]"), ("!!map", "{a: 1}"), ("!!str", "[1]"), ("!!seq", "{a: 1}"),
                 ("!!map", "[a]"), ("!!omap", "[a: 1, b: 2]"), ("!!pairs", "[a: 1, a: 2]"),
                 ("!!set", "{a, b}"), ("!!omap", "{a: 1}"), ("!!python/tuple", "[1]"),
                 ("!<tag:yaml.org,2002:str>", "5"), ("!!int", "+_0"), ("!!float", "'1_0.5'"),
                 ("!!int", "'1:20'"), ("!!bool", "'ON'"), ("!!null", "''")]:
        c(f"tag_{t}_{v}", f"v: {t} {v}\n")
    c("dup_top", "same_id:\n  test.nop: []\nsame_id:\n  test.nop: []\n")
    c("dup_nested", "a:\n  b: 1\n  b: 2\n")
    c("dup_order_bfs", "a:\n  b: 1\n  b: 2\na: 3\n")
    c("dup_flow", "{a: 1, a: 2}\n")
    c("dup_null", "~: 1\nnull: 2\n")
    c("dup_after_nested_error", "a: [!!int x]\na: 1\n")
    c("nested_error_order", "a:\n  - !!int x\nb: !!int y\n")
    c("dup_in_seq_item", "- a: 1\n  a: 2\n")
    c("err_mapping_values", "a: b: c\n")
    c("err_block_key", "a:\n  - b\n c: d\n")
    c("err_unclosed_sq", "a: 'x\n")
    c("err_unclosed_dq", "a: \"x\n")
    c("err_tab_indent", "a:\n\tb: 1\n")
    c("err_tab_value", "a:\tb\n\tc: d\n")
    c("tab_after_colon", "a:\tb\n")
    c("err_flow_seq", "a: [1, 2\n")
    c("err_flow_map", "key: {a: 1\n")
    c("err_seq_then_map", "- a\nb: c\n")
    c("err_map_then_seq", "a: b\n- c\n")
    c("err_at", "a: @x\n")
    c("err_backtick", "a: `x\n")
    c("err_percent", "a: %x\n")
    c("err_percent_col0", "%x\n")
    c("err_indent", "a:\n    b: 1\n  c: 2\n")
    c("err_deep_line", "a: 1\nb: 2\nc: 3\nd:\n  e: f\n  g: h: i\n")
    c("err_jinja_block", "{% if x %}\na: 1\n{% endif %}\n")
    c("err_no_colon", "a: 1\nb\nc: 2\n")
    c("err_simple_key", "a: 1\n\"b\nc\": 2\n")
    c("err_unexpected_close", "a: ]\n")
    c("err_unexpected_close2", "a: }\n")
    c("err_flow_comma", "[a,,b]\n")
    c("err_dash_map", "a: - b\n")
    c("err_doc_indicator_in_quote", "a: 'x\n---\n'\n")
    c("err_unknown_escape", "a: \"\\q\"\n")
    c("err_anchor_empty", "a: & x\n")
    c("err_block_scalar_bad", "a: |x\n  b\n")
    c("directive_yaml11", "%YAML 1.1\n---\na: 1\n")
    c("err_directive_bad", "%YAML 2.0\n---\na: 1\n")
    c("err_tag_undeclared", "a: !x!y z\n")
    c("flow_key_seq", "[a, b]: c\n")
    c("err_trailing_content", "\"a\" b\n")
    c("err_plain_multiline_key", "a\nb: c\n")
    c("err_question_mark", "? a\n? b\n: c\n")
    c("colon_no_space", "a:b: c\n")
    c("err_list_indent", "a:\n  - b\n  -c: d\n   - e\n")
    c("err_bom_middle", "a: 1\n\ufeffb: 2\n")
    c("bom_start", "\ufeffa: 1\n")
    c("err_nul", "a: \x00\n")
    c("err_ctrl", "a: \x07\n")
    c("crlf", "a: 1\r\nb:\r\n  - x\r\n")
    c("cr_only", "a: 1\rb: 2\r")
    c("colon_in_value", "url: http://x.y/z\ntime: 12:30:00\n")
    c("hash_in_value", "a: b#c\nd: e # comment\n")
    c("quoted_keys", "'a b': 1\n\"c\\td\": 2\n")
    c("long_line", "v: " + "word " * 40 + "\n")
    c("unicode_key", "ключ: значение\n")
    c("emoji", "v: 😀\n")
    c("nbsp", "v: a\u00a0b\n")
    c("trailing_spaces", "a: b   \nc: 'd'   \n")
    c("indent_seq_in_seq", "-\n  - a\n  - b\n-\n  c: d\n")
    c("empty_flow", "a: {}\nb: []\nc: ''\n")
    c("flow_multiline", "a: [1,\n  2,\n  3]\nb: {x: 1,\n  y: 2}\n")
    c("flow_trailing_comma", "a: [1, 2,]\nb: {x: 1,}\n")
    c("flow_plain_colon", "a: [http://x, y]\n")
    c("flow_single_pair", "a: [b: c]\n")
    c("flow_quoted_key_adjacent", "{\"a\":1}\n")
    c("deep_indent", "a:\n          b: 1\n          c: 2\n")
    c("comment_between", "a: 1 # x\n# full\nb: 2\n")
    c("key_with_spaces", "a b c: 1\n")
    c("key_trailing_space", "a : 1\n")
    c("dash_value", "a: -1\nb: -x\nc: '-'\n")
    c("question_in_value", "a: ?b\n")
    c("anchor_on_seq_item", "- &a x\n- *a\n")
    c("tagged_key", "!!str 1: a\n!!int '2': b\n")
    c("float_key", "1.5: a\n.inf: b\n")
    c("null_key_empty", ": a\n")
    c("bool_key", "yes: 1\nno: 2\non: 3\n")
    c("sls_typical", """include:
  - base
  - .common

nginx:
  pkg.installed:
    - name: nginx
    - version: 1.18.0
  service.running:
    - enable: True
    - reload: true
    - watch:
      - file: /etc/nginx/nginx.conf
      - pkg: nginx

/etc/nginx/nginx.conf:
  file.managed:
    - source: salt://nginx/files/nginx.conf
    - user: root
    - group: root
    - mode: 0644
    - template: jinja
    - context:
        port: 8080
        workers: 4
    - require:
      - pkg: nginx
""")
    c("sls_mode_quoted", "f:\n  file.managed:\n    - mode: '0644'\n    - dir_mode: 755\n")
    c("sls_cmd", "run:\n  cmd.run:\n    - name: |\n        echo hello\n        echo world\n    - unless: test -f /tmp/x\n"
      "    - onlyif:\n      - fun: file.file_exists\n        path: /tmp\n")
    c("sls_names", "pkgs:\n  pkg.installed:\n    - names:\n      - vim\n      - git\n      - curl: \n          - version: 1.2\n")
    c("sls_short", "x: test.nop\ny:\n  test.succeed_without_changes\n")
    c("sls_int_id", "1234:\n  test.nop\n")
    c("sls_none_string", "x:\n  test.nop:\n    - a: None\n    - b: True\n")
    c("sls_repr_dict", "x:\n  test.nop:\n    - a: {'b': 2, 'a': [1, 'x'], 'c': {'nested': True}}\n")
    c("pillar_typical", "users:\n  alice:\n    uid: 1001\n    shell: /bin/bash\n    groups: [wheel, dev]\n    active: yes\n"
      "    ssh_keys:\n      - ssh-rsa AAAA alice@x\nport: 08080\nversion: 3.10\n")
    c("windows_path", "p: C:\\Windows\\System32\nq: 'C:\\x'\nr: \"C:\\\\x\"\n")
    c("json_style", '{"a": 1, "b": [true, null, "x"], "c": {"d": 1.5}}\n')
    c("multiline_dq_escape_nl", "a: \"x\\\n  y\"\n")
    c("sq_escaped", "a: 'x''y'\n")
    c("plain_multiline_in_seq", "- a\n  b\n- c\n")
    c("key_only_map", "a:\n")
    c("indent_4", "a:\n    b:\n        - c\n")
    c("seq_of_seq_flow", "[[1, 2], [3, [4]]]\n")
    c("big_nesting", "a: " + "[" * 50 + "]" * 50 + "\n")
    c("tab_in_sq", "a: 'x\ty'\n")
    c("tab_in_plain", "a: x\ty\n")
    c("tab_before_comment", "a: 1\t# c\n")
    c("leading_tab_line_blank", "a: 1\n\t\nb: 2\n")
    c("space_before_colon_flow", "{a : 1}\n")
    c("keys_typed_order", "b: 1\n2: x\na: 3\n")
    c("sexagesimal_key", "1:20: a\n")
    for name, v in [("percent", "50%"), ("at", "x@y"), ("exclaim", "x!y"), ("amp", "x&y"), ("star", "x*y"),
                    ("pipe", "x|y"), ("gt", "x>y"), ("brace", "x{y}"), ("bracket", "x[y]"), ("comma", "x, y"),
                    ("dashes", "---"), ("dots", "..."), ("colon_end", "x:"), ("q_start", "?x"),
                    ("dash_start", "-x"), ("colon_start", ":x"), ("hash_mid", "x #y"), ("quote_mid", "x'y\"z")]:
        c(f"plain_{name}", f"a: {v}\n")
    c("only_dashes_key", "---: a\n")
    c("map_in_seq_compact", "- a: 1\n  b: 2\n- c: 3\n")
    c("seq_in_map_same_indent", "a:\n- b: 1\n  c: 2\n- d\n")
    c("empty_value_then_seq", "a:\n  -\nb: 1\n")
    c("anchor_then_map", "a: &x\n  b: 1\nc: *x\n")
    c("tag_then_map", "a: !!map\n  b: 1\n")
    c("alias_key", "a: &k key\n*k : v\n")
    c("alias_map_key", "a: &m {x: 1}\n? *m\n: v\n")
    c("recursive", "a: &r [*r]\n")
    # syntax corners where YAML 1.1 (libyaml) and 1.2 (saphyr) parsers may disagree
    c("flow_neg_numbers", "[-1, -a, - b]\n")
    c("flow_neg_ok", "[-1, -a]\n")
    c("unknown_python_tag", "a: !!python/name:os.system\n")
    c("flow_plain_multiline", "[a\n b, c]\n")
    c("map_plain_continuation", "a: b\n  c\nd: e\n")
    c("seq_dash_continuation", "- a\n  - b\n")
    c("dash_many_spaces", "-   item\n-    x: 1\n     y: 2\n")
    c("seq_seq_seq", "- - - x\n    - y\n")
    c("doc_start_inline_map", "--- a: 1\n")
    c("doc_start_block", "--- |\n  text\n")
    c("doc_start_scalar", "--- hello\n")
    c("value_comment_then_map", "a:    # comment\n  b: 1\n")
    c("anchor_special_chars", "a: &a-b_c.d x\nb: *a-b_c.d\n")
    c("anchor_colon", "a: &a: x\n")
    c("flow_seq_empty_trailing", "a: [1, 2, ]\n")
    c("odd_indent_seq", "a:\n   - x\n   - y\nb: 1\n")
    c("block_trailing_space_lines", "a: |\n  x  \n   \n  y\n")
    c("block_keep_indicator_2", "a: |2-\n   x\n  y\n")
    c("block_folded_more_indented", "a: >\n  a\n\n    b\n  c\n\n\n  d\n")
    c("block_folded_leading_blank", "a: >\n\n  text\n")
    c("dq_unicode_escape", "a: \"\\u263A \\x41\\U0001F600\"\n")
    c("doc_end_then_junk", "a: 1\n...\njunk\n")
    c("long_key_1100", "k" * 1100 + ": v\n")
    c("long_key_1000", "k" * 1000 + ": v\n")
    c("tab_after_dash", "-\tx\n")
    c("tab_in_flow", "[a,\tb]\n")
    c("trailing_tab", "a: b\t\n")
    c("tab_indent_seq", "a:\n\t- b\n")
    c("flow_map_in_seq", "- {a: 1, b: [x]}\n- [1, {c: d}]\n")
    c("null_true_keys", "null: 1\ntrue: x\n1.0: y\n")
    c("indentless_with_comments", "a:\n# c1\n- 1\n  # c2\n- 2\nb: 3\n")
    c("empty_lines_everywhere", "\n\na: 1\n\n\nb:\n\n  - x\n\n")
    c("colon_in_key_quoted", "'a:b': 1\n\"c: d\": 2\n")
    c("key_colon_plain", "a:b: 1\n")
    c("url_key", "http://x: 1\n")
    c("value_starting_colon", "a: :b\n")
    c("value_question", "a: ? b\n")
    c("value_amp_space", "a: & b\n")
    c("value_star_space", "a: * b\n")
    c("value_pipe_text", "a: |text\n")
    c("value_gt_text", "a: >text\n")
    c("value_bang_space", "a: ! b\n")
    c("map_after_scalar_doc", "a\n---\n")
    c("sls_jinja_leftover_if", "a: 1\n{% endif %}\n")
    c("sls_jinja_comment_leftover", "{# c #}\na: 1\n")
    c("sls_unquoted_jinja_value", "a: {{ b }}\n")
    c("sls_bad_indent_list", "x:\n  pkg.installed:\n  - name: a\n    - b\n")
    c("sls_require_list", "x:\n  cmd.run:\n    - require:\n      - pkg: a\n      - file: /b\n    - name: echo\n")
    c("sls_names_dict", "users:\n  user.present:\n    - names:\n      - alice:\n        - uid: 1000\n      - bob\n")
    c("sls_context_nested", "f:\n  file.managed:\n    - context:\n        a: {b: [1, 2]}\n        c: |\n          x\n")
    c("sls_octal_modes", "f:\n  file.directory:\n    - mode: 755\n    - file_mode: 0600\n    - dir_mode: '0750'\n    - other: 0o755\n")
    c("sls_watch_in", "a:\n  service.running:\n    - watch_in:\n      - cmd: b\n")
    c("deep_block", "a:\n" + "".join("  " * (i + 1) + f"k{i}:\n" for i in range(25)) + "  " * 26 + "v: 1\n")
    for i, d in enumerate(["a: 1\n\t\nb: 2\n", "a: 'x'\n\t\nb: 2\n", "a:\n  b: 1\n\t\n  c: 2\n", "a: 1\n  \t\nb: 2\n",
                           "a: 1 \t\nb: 2\n", "a:\n  - x\n\t\n  - y\n", "a: [1,\n\t2]\n", "a: 1\n\t# comment\nb: 2\n",
                           "- a\n\t\n- b\n", "a: |\n  x\n\t\n  y\n", "a: 1\n\t\n", "\t\na: 1\n", "a: 1\n\t",
                           "a: |\n  x\n\t\nb: 1\n", "a: >\n  x\n\t\nb: 1\n", "a: 'x'\n\t# c\nb: 2\n", "a: [1]\n\t\nb: 2\n",
                           "a:\n  b: 'x'\n\t\n  c: 2\n", "a: \"x\n\t\n y\"\n", "a: 1 # c\n\t\nb: 2\n",
                           "a: &x 1\n\t\nb: *x\n\t\nc: 3\n", "- 'a'\n\t\n- b\n", "a: b\n \t\nc: d\n",
                           "a: {x: 1,\n\t\n y: 2}\n", "---\n\t\na: 1\n", "a: 'x\n\t\n  y'\n", "a: !!str foo\n\t\nb: 1\n"]):
        c(f"tab_line_{i:02}", d)
    # a tab in the indentation columns of a plain scalar's continuation line (blank or not) is
    # an error in libyaml at any column left of the scalar's indentation
    for name, d in [("plain", "a:\n  b: 1\n \t\n  c: 2\n"), ("plain_ok", "a:\n  b: 1\n   \t\n  c: 2\n"),
                    ("plain_comment", "a:\n  b: x\n \t# c\n  c: 2\n"), ("seq", "x:\n  - a\n  \t\n  - b\n"),
                    ("seq_ok", "x:\n  - a\n   \t\n  - b\n"), ("key", "a:\n  b: 1\n  \tc: 2\n")]:
        c(f"tab_line_deep_{name}", d)
    # Continuation lines of flow collections and quoted scalars indented less than the
    # enclosing block: libyaml checks indentation in the block context only (what Salt's
    # `| yaml` filter emits for long values, e.g. every formula's _mapdata).
    filter_out = ('x:\n  file.managed:\n    - context:\n        map: {values: {pkg: {name: nginx, deps: [libssl-dev, '
                  'libpcre3-dev, zlib1g-dev, build-essential,\n        ca-certificates]}, config: a fairly long '
                  'configuration string that the dumper\n      will have to wrap around at width eighty, quoted: '
                  '\'it\'\'s: quoted because of\n      the colon and long enough to wrap over the eighty column '
                  'width\', dq: "tab\\there\n      and a long tail so that the double quoted scalar wraps onto the '
                  'next line too\n      ok", nested: {a: [1, 2, {b: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx, c: '
                  'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy}],\n      empty: {}, none: null}}}\n')
    for name, d in [
        ("yaml_filter", filter_out),
        ("flow_map", "key:\n  sub: {a: 1, b: 2,\n  c: 3}\n"),
        ("sq_in_flow", "x:\n    - {name: foo, value: 'long string that wraps\n  onto a less indented line'}\n"),
        ("dq_col0", "y:\n  z: \"quoted\ncontinued at column 0\"\n"),
        ("brief_reproducer", "a:\n  test.nop:\n    - b: {k: 1,\n j: 2}\n"),
        ("flow_seq", "k:\n  s: [1, 2,\n3]\n"),
        ("close_col0", "k:\n  s: [1, 2\n]\n"),
        ("then_key_same", "k:\n  s: [1,\n 2]\n  t: 3\n"),
        ("then_key_less", "k:\n  s: [1,\n 2]\nt: 3\n"),
        ("then_key_deeper", "a:\n  b:\n    c: [1,\n  2]\n    d: 3\n"),
        ("then_key_outer", "a:\n  b:\n    c: [1,\n  2]\n  d: 3\n"),
        ("err_then_key_between", "a:\n  b:\n    c: [1,\n  2]\n   d: 3\n"),
        ("then_comment", "x:\n  y: [1,\n2] # c\n  z: 3\n"),
        ("plain_multiline", "k:\n  s: [a b\nc d]\n"),
        ("plain_multiline_2", "k:\n  s: [a b\n c d, e]\n"),
        ("nested", "x:\n  y:\n    z: {a: [1,\n2], b: {c: 'x\ny'}}\n"),
        ("seq_item", "x:\n  - {a: 1,\n b: 2}\n"),
        ("seq_item_col0", "x:\n  - {a: 1,\nb: 2}\n  - c\n"),
        ("seq_item_dq", "x:\n  - \"a\n b\"\n  - c\n"),
        ("deep_seq", "a:\n  b:\n    - c:\n        d: [1, 2,\n   3]\n"),
        ("colon_col0", "x:\n  y: {a:\n1}\n"),
        ("question", "x:\n  y: {? a\n: b}\n"),
        ("implicit_pair", "x:\n  y: [a: 1,\nb: 2]\n"),
        ("anchor_alias", "x:\n  y: &a [1,\n2]\n  z: *a\n"),
        ("comment_col0", "k:\n  s: [1,\n# c\n 2]\n"),
        ("blank_line_flow", "k:\n  s: [1,\n\n2]\n"),
        ("blank_line_dq", "k:\n  s: \"a\n\nb\"\n"),
        ("dq_then_key", "y:\n  z: \"q\nc\"\n  w: 1\n"),
        ("sq_then_outer_key", "y:\n  z: 'q\nc'\nw: 1\n"),
        ("dq_comment", "x:\n  y: \"a\nb\" # c\n"),
        ("dq_escaped_break", "x:\n  y: \"a\\\nb\"\n"),
        ("sq_dashes_not_indicator", "k:\n  s: 'a\n---'\n"),
        ("flow_dashes_not_indicator", "k:\n  s: [1,\n---x]\n"),
        ("dq_percent_col0", "k:\n  s: \"a\n%x\"\n"),
        ("top_flow", "[1,\n2]\n"),
        ("tab_flow", "x:\n  k: {a: 1,\n\tb: 2}\n"),
        ("tab_flow_2", "x:\n  k: {a: 1,\n \tb: 2}\n"),
        ("tab_flow_3", "x:\n  k: {a: 1,\n   \tb: 2}\n"),
        ("tab_blank_line_flow", "x:\n  k: [a,\n\t\n   b]\n"),
        ("tab_dq", "x:\n  k: \"a\n\tb\"\n"),
        ("tab_sq_flow", "x:\n  k: ['a\n\tb']\n"),
        ("tab_plain_flow_deep", "x:\n  k: [a\n   \tb]\n"),
        ("tab_plain_seq_deep", "x:\n  - [a\n   \tb]\n"),
        # still errors
        ("err_tab_plain_flow", "x:\n  k: [a\n\tb]\n"),
        ("err_tab_plain_flow_2", "x:\n  k: [a\n \t b]\n"),
        ("err_tab_plain_seq", "- [a\n\tb]\n"),
        ("err_tab_plain_seq_2", "x:\n  - [a\n  \tb]\n"),
        ("err_tab_blank_plain_flow", "x:\n  k: [a\n\t\n   b]\n"),
        ("err_docstart_flow", "k:\n  s: [1,\n---\n]\n"),
        ("err_docend_flow", "k:\n  s: [1,\n...\n]\n"),
        ("err_docend_dq", "k:\n  s: \"a\n... b\"\n"),
        ("err_docstart_sq_flow", "k:\n  s: ['a\n--- b']\n"),
        ("err_junk_after_flow", "x:\n  y: [1,\n2] z\n"),
        ("err_junk_after_dq", "x:\n  y: \"a\nb\" z\n"),
        ("err_colon_after_flow", "x:\n  y: [1,\n2]: 3\n"),
        ("err_multiline_flow_key", "x:\n  {a: 1,\nb: 2}: v\n"),
        ("err_multiline_dq_key", "x:\n  \"a\nb\": 1\n"),
        ("err_dq_then_outer_seq", "a:\n  - \"x\ny\"\n- z\n"),
        ("err_dup_key", "x:\n  y: {a: 1,\n a: 2}\n"),
        ("err_unclosed_flow", "x:\n  y: [1,\n2\n"),
        ("err_unclosed_dq", "x:\n  y: \"a\nb\n"),
        ("err_multiline_flow_implicit_key", "x:\n  y: {a\n: 1}\n"),
        ("err_percent_flow", "k:\n  s: [1,\n%x]\n"),
        ("bom_flow", "x:\n  y: [1,\n\ufeff2]\n"),
    ]:
        c(f"less_indented_{name}", d)
    # libyaml keeps a simple key to one line (and 1024 characters) in the flow context too
    for name, d in [("flow_map", "{a\n: 1}\n"), ("flow_seq", "[a\n: 1]\n"),
                    ("block_flow_key", "a: 1\n{x: 1,\n y: 2}: v\n"),
                    ("block_flow_key_nested", "a:\n  {x: 1,\n   y: 2}: v\n"),
                    ("seq_flow_key", "- [x,\n  y]: v\n"),
                    ("flow_key_1030", "{" + "k" * 1030 + ": 1}\n"), ("flow_key_1000", "{" + "k" * 1000 + ": 1}\n"),
                    ("block_flow_key_long", "[" + ", ".join(["abcdefghi"] * 120) + "]: x\n"),
                    ("flow_value_long", "- [" + ", ".join(["abcdefghi"] * 120) + "]\n"),
                    ("tab_in_open_flow", "a:\n  - {k: b c,\n\t\n k1: b\n \tc}\n"),
                    ("required_key_eof", "  key0:\n    sub: b\n  c"), ("required_key_eof_2", "key0:\n  sub: b\nc")]:
        c(f"simple_key_{name}", d)
    # a malformed anchor/alias name is libyaml's first error, before anything later in its node
    for name, d in [("tab_line", "a: &x&a  1\n\t\nb: *x\n"), ("bad_char", "a: &x.y 1\n"),
                    ("alias_tab_line", "a: &x 1\nb: *x.y\n\t\nc: 2\n"), ("in_flow", "a: [&x,y 1]\n"),
                    ("unicode", "a: &x\u00e9 1\n"), ("less_indented_flow", "a:\n  b: &x&y [1,\n2]\n")]:
        c(f"anchor_order_{name}", d)
    c("many_keys", "".join(f"k{i}: {i}\n" for i in range(300)))
    return cases


def yamlify_cases():
    args = ["foo", "123", "0644", "0x1F", "1.5", "1e3", "True", "true", "yes", "no", "on", "None", "none",
            "null", "~", "", " ", "[1, 2]", "{a: 1}", "{'a': 1}", "a: b", "a:b", "# comment", "#x", "a #b",
            "a#b", "- a", "[a, b", "{{ x }}", "'quoted'", "\"dq\"", "1:20", "2024-01-31", "- 1\n- 2",
            "a\nb", "!!python/object:os.system ls", "!!str 1", "&a x", "*a", "|\n  x", "{a: 1, a: 2}",
            "1,2,3", "a,b", "[1,2,3]", "-1", "+1", ".5", "1_000", "08", "0o17", "inf", ".inf", "nan", ".nan",
            "  padded  ", "\tx", "x\t", "a\\nb", "C:\\Windows", "http://x:80/y", "key=value", "a=b=c",
            "{\"a\": [1, {\"b\": null}]}", "['a', 'b']", "(1, 2)", "0", "-0", "00", "%x", "@x", "`x", "= x",
            "Yes", "NO", "y", "n", "False", "FALSE", "1.0", "1.10", "3.14159", "12345678901234567890",
            "{a: {b: [1, 2]}}", "[]", "{}", "''", "\"\"", "a: b: c", "---", "...", "--- a", "a\n---\nb"]
    return [(a, a) for a in args]


def dump_values():
    """JSON texts of values to dump. Object keys "int:1", "float:1.5", "bool:true", "null:"
    stand for non-string keys (see unkey() in yaml_corpus.py)."""
    strings = ["", "a", "hello world", "yes", "no", "on", "off", "y", "n", "true", "True", "null", "None", "~",
               "123", "0644", "1.5", "1e3", "0x1F", "1:20", "2024-01-31", "-", "- a", "a: b", "a:b", "a #b", "a#b",
               "#x", "!x", "&x", "*x", "?", "? x", "|", ">", "%x", "@x", "`x", "'q'", '"dq"', "it's", 'say "hi"',
               " lead", "trail ", "  both  ", "a  b", "line1\nline2", "line1\nline2\n", "\n", "\nlead", "tab\there",
               "x\ty", "\t", "café", "ключ", "😀", "nbsp\u00a0x", "\u0085nel", "\u2028ls", "bell\u0007", "\u001b[0m",
               "\ufeffbom", "a, b", "[a]", "{a}", "a]", "a}", "a,", ",a", "---", "...", "--- x", "a --- b", "=", "<<",
               "a\\b", "C:\\Windows", "http://x.y/z?a=b&c=d", "salt://a/b.conf", "/etc/nginx/nginx.conf",
               "echo hello && echo world", "{{ x }}", "{% if %}", "long " * 30, "x" * 100, ("word " * 20).strip() + "\n" + "second line",
               "trailing\n\n", "  indented\nline", "a\r\nb", "-1", "+1", ".5", ".inf", "NaN", "0", "00", "0o17", "1_000",
               "12:30:00", "Yes", "OFF", "x: y: z", "key:", ":key", "a'b\"c", "\\", "\u00e9t\u00e9"]
    vals = [json.dumps(s, ensure_ascii=False) for s in strings]
    vals += ["null", "true", "false", "0", "1", "-1", "123456789", "1.5", "-0.5", "1e+20", "1e-05", "0.1",
             "3.141592653589793", "1.0", "100.0", "[]", "{}", "[1, 2, 3]", '["a", "b"]', '{"a": 1}',
             '{"b": 1, "a": 2, "c": 3}', '{"a": [1, 2], "b": {"c": "d"}}',
             '{"a": [], "b": {}, "c": null, "d": ""}', '[[1, 2], [3, [4, 5]], {"a": [6]}]',
             '[{"a": 1, "b": 2}, {"c": 3}]', '{"int:1": "a", "int:2": "b"}', '{"bool:true": 1, "null:": 2}',
             '{"float:1.5": "x"}', '{"a b": 1, "yes": 2, "123": 3, "": 4, "a: b": 5}',
             '{"nested": {"deeper": {"deepest": [1, {"x": "y"}]}}}',
             '{"multi": "line1\nline2\n", "long": "' + "word " * 25 + '"}',
             '{"local": {"test_|-x_|-x_|-nop": {"result": true, "comment": "Success!", "changes": {}, "__run_num__": 0, '
             '"start_time": "10:00:00.000000", "duration": 0.123, "name": "x", "__id__": "x", "__sls__": "main"}}}',
             '["' + "x" * 90 + '", "' + "y " * 50 + '"]', '{"k": "' + "z" * 120 + '"}',
             '{"' + "k" * 130 + '": 1}', '[null, true, 1, 1.5, "s", [], {}]', '{"a": [{"b": [{"c": 1}]}]}',
             '{"unicode": "caf\u00e9", "emoji": "😀"}', '["a\nb", "c"]', '{"a": "x\n  y\n"}',
             '{"cmd": "#!/bin/bash\necho hi\n"}', '[1.0e+16, 1.5e-7, 123456789012.0]']
    long_dq = "\t".join(["word%d with some spaces" % i for i in range(12)])
    vals += [json.dumps(x, ensure_ascii=False) for x in [
        long_dq, long_dq + "\n" + long_dq, "a  " * 40, "x" * 85 + " " + "y" * 10, "é" * 50 + " " + "ü " * 30,
        "--- \n+++ \n@@ -1 +1,3 @@\n-old\n+new\n+\tindented\n", "first line\n  second indented\n\tthird",
        " " * 3 + "lead" + "z " * 50, "q'uo\"te " * 15, "trailing space at end of long line " * 3 + " ",
    ]]
    vals += ['{"changes": {"diff": "--- \\n+++ \\n@@ -1 +1 @@\\n-a\\n+b\\n"}, "comment": "' + "File updated. " * 8 + '"}',
             '[["' + "n" * 50 + '", "' + "m" * 50 + '"], {"k": ["' + "o" * 70 + '"]}]']
    # normalise: control characters typed raw above become JSON escapes
    from collections import OrderedDict
    vals = [json.dumps(json.loads(v, strict=False, object_pairs_hook=OrderedDict), ensure_ascii=False) for v in vals]
    return [(f"v{i:03}_{v[:30]}", v) for i, v in enumerate(vals)]


def yaml12_cases():
    """Mapping documents for Schema::Yaml12; recorded through reclass-rs (serde_yaml 0.9) by
    yaml12_corpus.py, which uses each as a node's `parameters:`."""
    scalars = ["0755", "0644", "yes", "no", "on", "off", "y", "n", "Y", "true", "True", "TRUE", "tRue", "false",
               "False", "FALSE", "null", "Null", "NULL", "~", "", "0o17", "0x1F", "0b101", "-0x1F", "1e3", "1E3",
               "1.5e+3", "1.0", "1.10", "-1.5", "+1", "+1.5", ".5", "5.", "1_000", "1:20", "2024-01-31", ".inf",
               "-.inf", "+.inf", ".Inf", ".nan", ".NaN", "inf", "nan", "infinity", "0", "-0", "00", "007", "08", "0.5",
               "00.5", "-007", "1e400", "9223372036854775807", "9223372036854775808", "18446744073709551615",
               "18446744073709551616", "-9223372036854775808", "-9223372036854775809", "0x", "0o", "0xG",
               "'0755'", '"yes"', "'1e3'", "hello world", "a: b", "[1, 2]", "{x: 1}", "=", "<<x", "0x_1F",
               "12:30:00", "1.2.3", "-", "- a", "!!str 123", "!!int '42'", "|\n    block\n", ">-\n    folded\n    text\n"]
    cases = []
    for i, sc in enumerate(scalars):
        text = sc.replace("\\n", "\n")
        cases.append((f"y12_{i:03}_{sc[:20]}", f"v: {text}\n"))
    cases += [
        ("y12_anchor", "a: &x {k: 1}\nb: *x\n"),
        ("y12_merge", "base: &b\n  x: 1\n  y: 2\nd:\n  <<: *b\n  y: 3\n  z: 4\n"),
        ("y12_merge_list", "a: &a {x: 1, k: a}\nb: &b {y: 2, k: b}\nc:\n  <<: [*a, *b]\n  z: 3\n"),
        ("y12_merge_first", "a: &a {x: 1, y: 1}\nc:\n  <<: *a\n  z: 0\n  x: 9\n"),
        ("y12_nested", "a:\n  b:\n    - 1\n    - x: 2\n"),
        ("y12_int_keys", "m:\n  1: a\n  2: b\n"),
        ("y12_dup", "a: 1\na: 2\n"),
        ("y12_list", "l: [a, 1, 1.5, true, null]\n"),
    ]
    return cases


def main():
    os.makedirs(CORPUS, exist_ok=True)
    for kind, cases in [("load_salt", load_cases()), ("yamlify", yamlify_cases()), ("dump", dump_values()),
                        ("yaml12", yaml12_cases())]:
        names = [n for n, _ in cases]
        assert len(names) == len(set(names)) or kind == "yamlify", [n for n in names if names.count(n) > 1]
        with open(os.path.join(CORPUS, kind + ".json"), "w", encoding="utf-8") as f:
            json.dump([[n, t] for n, t in cases], f, indent=0, ensure_ascii=False)
            f.write("\n")
        print(kind, len(cases))


if __name__ == "__main__":
    main()
