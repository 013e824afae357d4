s0:
  test.configurable_test_state:
    - name: name0
    - changes: True
    - result: False
    - comment: c_s0
    - prereq_in:
      - test: s4
s2:
  test.nop:
    - watch_any:
      - sls: a
      - test: s10
    - use:
      - test: s3
s3:
  test.fail_with_changes:
    - names:
      - s3_n0
      - s3_n1
    - onchanges_any:
      - test: s7
      - test: s11
    - onfail_in:
      - test: s10
s6:
  test.nop:
    - names:
      - s6_n0
    - watch_any:
      - test: s9
      - test: s7
s8:
  test.fail_with_changes:
    - onfail_in:
      - s4
s9:
  test.configurable_test_state:
    - name: name9
    - changes: True
    - result: False
    - comment: c_s9
    - order: 1
    - onfail:
      - test: s7
      - sls: main
    - prereq:
      - test: s6
      - sls: b
