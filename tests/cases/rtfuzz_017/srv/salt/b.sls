s2:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s2
    - onfail:
      - test: s0
      - sls: main
s7:
  test.fail_without_changes:
    - name: name7
    - listen:
      - test: s8
      - test: s8
s8:
  test.succeed_with_changes:
    - name: name8
s10:
  test.nop:
    - listen:
      - test: s5
    - listen:
      - test: s5
s11:
  test.succeed_without_changes:
    - order: 1
    - listen_in:
      - test: s7
