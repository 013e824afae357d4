s0:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s0
    - names:
      - s0_n0
      - s0_n1
      - s0_n2
    - onfail_in:
      - test: s12
      - test: s4
    - onchanges:
      - sls: main
      - test: s4
    - prereq:
      - test: s9
      - sls: main
s5:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s5
    - order: 3
    - use:
      - test: s0
      - test: s1
    - watch:
      - s9
s8:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s8
    - order: first
    - require_any:
      - test: s4
s11:
  test.succeed_with_changes:
s12:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s12
    - require_any:
      - test: s1
      - test: s7
