s2:
  test.nop:
    - order: last
s7:
  test.configurable_test_state:
    - name: name7
    - changes: False
    - result: False
    - comment: c_s7
    - check_cmd: true
s8:
  test.fail_without_changes:
    - check_cmd: false
s11:
  test.succeed_with_changes:
    - order: 3
    - check_cmd: true
    - watch_in:
      - test: s9
    - onchanges:
      - test: s1
    - prereq_in:
      - test: s9
