s3:
  test.succeed_without_changes:
    - order: last
    - watch:
      - s0
      - test: s0
s11:
  test.configurable_test_state:
    - name: name11
    - changes: True
    - result: True
    - comment: c_s11
    - failhard: True
    - listen:
      - test: s1
