s0:
  test.nop:
    - name: name0
    - names:
      - s0_n0
      - s0_n1
    - watch_in:
      - test: name8
      - s3
s1:
  test.fail_without_changes:
    - order: 3
    - watch_in:
      - test: s7
      - test: s9
s5:
  test.fail_without_changes:
    - onfail_any:
      - test: s0
      - test: s1
    - onfail:
      - s7
s7:
  test.fail_without_changes:
s8:
  test.configurable_test_state:
    - name: name8
    - changes: False
    - result: False
    - comment: c_s8
    - watch:
      - test: s5
      - test: s4
s9:
  test.succeed_with_changes:
    - order: 1
