s4:
  test.succeed_with_changes:
    - names:
      - s4_n0
      - s4_n1
      - s4_n2
    - onfail_any:
      - test: name14
      - test: s13
    - onfail_all:
      - test: s2
    - watch_any:
      - test: s7
s5:
  test.succeed_with_changes:
    - order: first
    - require_any:
      - test: s14
s6:
  test.fail_without_changes:
    - onfail_in:
      - test: s11
s8:
  test.fail_with_changes:
    - require:
      - sls: a
    - onfail_any:
      - test: s9
    - prereq:
      - test: s5
s9:
  test.nop:
    - order: 3
    - require_in:
      - test: s4
    - onfail_in:
      - s3
      - test: s1
    - require_in:
      - s14
s10:
  test.configurable_test_state:
    - name: name10
    - changes: True
    - result: True
    - comment: c_s10
    - require:
      - sls: main
      - test: s0
s15:
  test.fail_with_changes:
    - name: name15
    - order: 1
