s4:
  test.fail_without_changes:
    - onfail_all:
      - test: s3
      - test: s3
s7:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s7
    - watch_in:
      - s4
