s8:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s8
    - prereq_in:
      - test: s1
      - test: s6
s12:
  test.fail_without_changes:
    - onfail_in:
      - s0
    - onfail_in:
      - test: s10
