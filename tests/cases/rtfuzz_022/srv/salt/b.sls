s2:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s2
    - names:
      - s2_n0
      - s2_n1
      - s2_n2
    - prereq_in:
      - test: s7
      - test: s3
s7:
  test.succeed_with_changes:
    - names:
      - s7_n0
      - s7_n1
    - onfail_in:
      - test: s5
