s7:
  test.succeed_without_changes:
    - watch_in:
      - s3
      - test: s8
    - onfail:
      - test: s8
s11:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s11
    - order: 3
    - listen_in:
      - test: s2
