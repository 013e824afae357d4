s3:
  test.succeed_with_changes:
    - failhard: True
    - use:
      - test: s11
    - watch:
      - test: s11
      - s1
    - prereq_in:
      - sls: main
s5:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s5
    - names:
      - s5_n0
      - s5_n1
      - s5_n2
    - listen:
      - test: s0
s7:
  test.fail_with_changes:
    - names:
      - s7_n0
      - s7_n1
      - s7_n2
    - onfail_any:
      - test: s8
      - test: s10
s10:
  test.succeed_without_changes:
    - watch:
      - test: s1
s13:
  test.fail_with_changes:
    - order: 1
s14:
  test.nop:
    - name: name14
    - names:
      - s14_n0
    - order: 1
    - onchanges_in:
      - test: s6
      - test: s12
