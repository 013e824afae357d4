include:
  - a
  - b
s1:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s1
    - order: 3
s7:
  test.succeed_without_changes:
    - name: name7
s8:
  test.nop:
    - names:
      - s8_n0
s11:
  test.fail_with_changes:
    - name: name11
    - listen_in:
      - test: s8
      - test: s4
    - listen_in:
      - s0
