include:
  - a
  - b
s1:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s1
    - order: last
    - prereq_in:
      - test: s16
      - sls: main
s7:
  test.nop:
    - check_cmd: false
s9:
  test.succeed_with_changes:
    - watch:
      - sls: b
    - prereq:
      - test: name11
      - test: s17
s11:
  test.succeed_without_changes:
    - name: name11
    - require:
      - test: s4
s12:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s12
    - listen:
      - test: s18
    - require_in:
      - test: s16
    - use:
      - test: s7
      - test: s14
s14:
  test.succeed_with_changes:
    - prereq_in:
      - sls: a
      - test: s7
    - listen:
      - test: s8
      - test: s15
