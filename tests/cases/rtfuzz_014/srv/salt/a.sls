s2:
  test.fail_with_changes:
    - order: 1
s6:
  test.fail_with_changes:
    - order: 10
    - onfail:
      - test: s3
      - test: s0
s7:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s7
