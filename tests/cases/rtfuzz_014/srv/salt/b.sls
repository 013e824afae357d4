s0:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s0
    - names:
      - s0_n0
    - order: last
    - failhard: True
    - use:
      - test: s8
      - s2
s1:
  test.succeed_without_changes:
    - name: name1
    - onfail_all:
      - sls: b
    - use:
      - test: s4
      - test: s5
s3:
  test.fail_without_changes:
    - names:
      - s3_n0
      - s3_n1
      - s3_n2
    - onchanges:
      - test: s2
      - test: s8
    - onchanges_any:
      - test: s7
      - test: s1
s4:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s4
    - onchanges:
      - test: s5
s8:
  test.succeed_without_changes:
    - name: name8
    - failhard: True
    - prereq_in:
      - test: s3
      - test: s5
