s2:
  test.fail_without_changes:
    - order: 3
    - onchanges_in:
      - s8
    - use:
      - test: s8
      - test: s7
    - listen_in:
      - test: s6
      - test: s15
s5:
  test.succeed_with_changes:
    - name: name5
    - order: first
    - unless: true
    - watch_any:
      - test: s0
      - test: s11
s8:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s8
    - names:
      - s8_n0
      - s8_n1
    - check_cmd: false
    - prereq:
      - test: s10
s16:
  test.configurable_test_state:
    - name: name16
    - changes: True
    - result: True
    - comment: c_s16
    - prereq_in:
      - s3
