s0:
  test.nop:
    - watch_any:
      - test: s7
      - test: s11
s2:
  test.fail_with_changes:
    - order: first
    - unless: false
    - prereq:
      - sls: a
s3:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s3
s4:
  test.succeed_with_changes:
    - order: 1
    - listen_in:
      - s8
s6:
  test.fail_without_changes:
    - names:
      - s6_n0
s9:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s9
    - failhard: True
s11:
  test.nop:
    - require_any:
      - test: s8
      - s6
