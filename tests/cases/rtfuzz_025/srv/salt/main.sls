include:
  - a
  - b
s0:
  test.succeed_without_changes:
    - order: 10
    - prereq:
      - test: s2
    - require_any:
      - sls: a
      - sls: b
s4:
  test.nop:
s5:
  test.nop:
    - require:
      - sls: b
s7:
  test.nop:
    - prereq:
      - s10
      - test: s10
s11:
  test.configurable_test_state:
    - name: name11
    - changes: False
    - result: True
    - comment: c_s11
    - order: 1
    - require_in:
      - test: s2
