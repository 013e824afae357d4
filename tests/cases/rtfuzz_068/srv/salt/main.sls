include:
  - a
  - b
s2:
  test.fail_without_changes:
    - order: 3
    - onlyif: false
    - onchanges_any:
      - sls: b
s6:
  test.succeed_with_changes:
    - listen:
      - sls: main
      - test: s15
s8:
  test.succeed_with_changes:
    - check_cmd: true
    - watch:
      - test: s0
    - require_any:
      - test: s6
s9:
  test.succeed_without_changes:
    - order: last
    - require:
      - test: s6
      - test: s1
s10:
  test.nop:
    - onchanges:
      - test: s11
s12:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s12
    - onfail:
      - sls: main
      - test: s7
    - prereq_in:
      - test: s4
      - sls: main
s16:
  test.succeed_with_changes:
    - names:
      - s16_n0
      - s16_n1
      - s16_n2
    - onchanges:
      - test: s14
      - test: s14
    - listen_in:
      - test: s12
      - test: s2
