s3:
  test.configurable_test_state:
    - name: name3
    - changes: False
    - result: True
    - comment: c_s3
    - order: 1
    - watch:
      - test: s0
      - test: s0
s8:
  test.succeed_without_changes:
    - names:
      - s8_n0
      - s8_n1
      - s8_n2
    - watch_any:
      - test: s5
      - test: s0
