s0:
  test.nop:
    - name: name0
    - prereq:
      - test: s5
      - test: s5
s2:
  test.succeed_without_changes:
    - name: name2
s5:
  test.succeed_without_changes:
    - name: name5
    - watch_in:
      - test: s7
    - onfail_in:
      - s8
    - use:
      - test: s4
s10:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s10
    - names:
      - s10_n0
    - order: 3
