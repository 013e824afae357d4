s0:
  test.fail_without_changes:
    - name: name0
    - names:
      - s0_n0
      - s0_n1
    - onchanges_in:
      - test: s1
      - test: s8
s1:
  test.succeed_with_changes:
    - prereq:
      - test: s10
s3:
  test.fail_without_changes:
    - name: name3
s4:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s4
    - order: 10
    - onfail_any:
      - test: s7
s5:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s5
    - onfail_all:
      - test: s11
s9:
  test.succeed_with_changes:
    - name: name9
    - onfail_any:
      - test: s0
    - onfail:
      - sls: a
      - s13
s13:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s13
    - onchanges_in:
      - test: s4
      - s11
