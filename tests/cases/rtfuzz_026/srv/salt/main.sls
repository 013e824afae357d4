include:
  - a
  - b
s0:
  test.configurable_test_state:
    - name: name0
    - changes: False
    - result: True
    - comment: c_s0
    - watch:
      - test: s10
      - test: s7
s7:
  test.succeed_without_changes:
    - name: name7
    - watch:
      - test: s3
    - onfail_any:
      - test: s5
