s1:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s1
s4:
  test.configurable_test_state:
    - name: name4
    - changes: False
    - result: False
    - comment: c_s4
    - onfail_all:
      - test: s13
    - watch_in:
      - sls: b
s6:
  test.succeed_without_changes:
    - names:
      - s6_n0
      - s6_n1
    - order: first
    - watch:
      - test: s1
    - onfail_in:
      - test: s3
s9:
  test.nop:
    - prereq:
      - test: s16
s12:
  test.fail_without_changes:
    - order: first
    - watch_any:
      - test: s9
    - listen:
      - s3
s15:
  test.succeed_without_changes:
    - names:
      - s15_n0
      - s15_n1
      - s15_n2
    - onfail_any:
      - test: s11
    - prereq:
      - s14
      - test: s12
    - watch:
      - test: s6
      - test: s5
