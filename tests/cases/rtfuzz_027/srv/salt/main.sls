include:
  - a
  - b
s5:
  test.fail_without_changes:
    - names:
      - s5_n0
      - s5_n1
s7:
  test.nop:
    - onchanges_in:
      - test: s10
      - test: s4
s12:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s12
    - order: 1
    - prereq:
      - sls: b
    - onchanges:
      - test: s11
      - test: s10
s13:
  test.succeed_with_changes:
    - prereq_in:
      - sls: main
      - test: s5
