include:
  - a
  - b
s0:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s0
    - names:
      - s0_n0
      - s0_n1
    - order: 3
    - check_cmd: true
    - require:
      - s2
      - s5
    - require_any:
      - s14
    - require_any:
      - test: s7
s5:
  test.succeed_with_changes:
    - names:
      - s5_n0
      - s5_n1
    - check_cmd: false
    - onfail_in:
      - test: s13
    - prereq_in:
      - test: s12
s7:
  test.fail_without_changes:
    - names:
      - s7_n0
      - s7_n1
      - s7_n2
    - order: 3
    - onchanges:
      - test: s2
s8:
  test.succeed_with_changes:
    - name: name8
    - require:
      - test: s4
      - test: s12
s11:
  test.configurable_test_state:
    - name: name11
    - changes: False
    - result: False
    - comment: c_s11
    - watch_in:
      - sls: b
      - test: s13
    - watch:
      - test: s6
      - s12
