s2:
  test.nop:
    - prereq_in:
      - test: s5
s5:
  test.fail_without_changes:
    - order: last
s6:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s6
    - order: 10
    - onchanges_in:
      - test: s0
      - test: s12
s10:
  test.fail_without_changes:
    - names:
      - s10_n0
      - s10_n1
    - check_cmd: false
    - onfail:
      - test: s9
