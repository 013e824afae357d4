s1:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s1
s3:
  test.fail_with_changes:
    - names:
      - s3_n0
      - s3_n1
      - s3_n2
    - onchanges_in:
      - test: s11
      - s6
s4:
  test.configurable_test_state:
    - name: name4
    - changes: False
    - result: True
    - comment: c_s4
    - onchanges:
      - sls: a
s8:
  test.succeed_with_changes:
    - name: name8
    - require:
      - test: s11
      - test: s6
    - onfail_any:
      - test: s10
    - prereq_in:
      - test: s4
      - test: s9
s9:
  test.succeed_without_changes:
    - names:
      - s9_n0
    - failhard: True
    - onchanges_any:
      - test: s8
