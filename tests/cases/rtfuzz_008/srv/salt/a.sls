s0:
  test.fail_without_changes:
    - name: name0
    - require_in:
      - test: s6
    - require_any:
      - test: s9
s4:
  test.fail_without_changes:
    - require_any:
      - test: s0
      - test: s3
    - watch_any:
      - test: s7
s5:
  test.nop:
    - name: name5
    - require_in:
      - test: s0
    - use:
      - test: s0
s6:
  test.succeed_with_changes:
    - watch_in:
      - test: s8
    - watch_in:
      - test: s1
      - test: s1
s8:
  test.fail_without_changes:
    - onfail_all:
      - s0
      - test: s7
s9:
  test.configurable_test_state:
    - name: name9
    - changes: True
    - result: True
    - comment: c_s9
    - order: 10
    - watch_in:
      - test: s3
      - test: s7
