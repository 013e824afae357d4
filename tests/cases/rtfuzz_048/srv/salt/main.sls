include:
  - a
  - b
s5:
  test.succeed_without_changes:
    - order: 3
    - onlyif: false
    - use:
      - test: s14
s10:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s10
    - order: first
    - onfail:
      - test: s2
    - listen_in:
      - test: s12
    - onchanges:
      - test: s7
      - sls: a
s12:
  test.fail_with_changes:
    - name: name12
    - names:
      - s12_n0
      - s12_n1
      - s12_n2
    - check_cmd: false
    - listen:
      - sls: b
      - test: s0
    - onfail:
      - test: s4
      - test: s9
    - onchanges_any:
      - test: s5
      - test: s16
s13:
  test.nop:
    - names:
      - s13_n0
    - unless: false
    - watch_in:
      - test: s1
      - test: s7
    - require_in:
      - test: s4
