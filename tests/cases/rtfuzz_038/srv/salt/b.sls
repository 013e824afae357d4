s3:
  test.succeed_without_changes:
    - watch:
      - test: name2
      - test: s9
    - watch_any:
      - test: s12
s5:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s5
    - names:
      - s5_n0
      - s5_n1
s6:
  test.fail_without_changes:
    - name: name6
    - onchanges_in:
      - test: s11
      - test: s7
    - watch_any:
      - s8
      - test: s2
s7:
  test.succeed_with_changes:
    - onfail_any:
      - s0
      - test: s13
    - require_any:
      - test: s1
s10:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s10
    - order: 1
    - prereq_in:
      - test: s5
      - s11
    - watch_in:
      - test: s7
s11:
  test.nop:
    - name: name11
    - onfail_all:
      - sls: b
s13:
  test.succeed_without_changes:
    - require:
      - test: s8
