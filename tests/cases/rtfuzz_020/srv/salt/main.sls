include:
  - a
  - b
s1:
  test.fail_with_changes:
    - order: last
    - listen:
      - test: s12
s2:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s2
    - names:
      - s2_n0
      - s2_n1
      - s2_n2
    - watch:
      - test: s3
    - onchanges:
      - sls: main
s3:
  test.succeed_with_changes:
    - onchanges_in:
      - sls: main
s4:
  test.succeed_with_changes:
    - name: name4
    - failhard: True
    - onfail:
      - test: s11
    - onchanges:
      - test: s13
      - test: s3
s6:
  test.succeed_without_changes:
    - order: 3
    - onchanges:
      - test: s2
      - test: s11
s8:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s8
    - prereq_in:
      - s9
    - onfail_any:
      - test: s4
s11:
  test.succeed_with_changes:
    - name: name11
    - onchanges_any:
      - s5
      - test: s9
