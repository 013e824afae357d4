s0:
  test.fail_without_changes:
    - onfail_all:
      - test: s2
      - test: s1
    - onfail:
      - test: s7
      - test: s7
s1:
  test.fail_with_changes:
    - name: name1
    - order: 10
    - onfail_all:
      - test: s6
s3:
  test.succeed_without_changes:
    - names:
      - s3_n0
    - order: 3
    - onfail:
      - test: s1
      - test: s7
s6:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s6
    - order: 1
    - onfail:
      - test: s4
    - prereq_in:
      - test: s3
      - test: s1
    - onfail_any:
      - test: s4
      - test: s0
s11:
  test.nop:
    - name: name11
s12:
  test.nop:
    - order: last
    - onlyif: true
