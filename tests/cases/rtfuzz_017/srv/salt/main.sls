include:
  - a
  - b
s4:
  test.fail_without_changes:
    - use:
      - s11
      - test: s3
s9:
  test.succeed_without_changes:
    - use:
      - test: s12
      - test: s8
s12:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s12
    - require:
      - test: s5
      - test: s4
