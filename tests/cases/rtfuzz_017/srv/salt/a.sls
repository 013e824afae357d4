s0:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s0
    - names:
      - s0_n0
      - s0_n1
    - watch_in:
      - test: s6
      - test: s12
    - onfail_all:
      - s6
s1:
  test.fail_with_changes:
    - name: name1
    - order: first
    - use:
      - test: s6
    - watch:
      - test: s5
      - test: s10
s3:
  test.succeed_with_changes:
    - use:
      - test: s12
      - s8
    - require:
      - test: s12
s5:
  test.fail_with_changes:
    - names:
      - s5_n0
      - s5_n1
      - s5_n2
    - onfail_any:
      - test: s7
s6:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s6
    - onfail_in:
      - test: s9
