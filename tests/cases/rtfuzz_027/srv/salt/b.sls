s6:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s6
    - onfail_any:
      - sls: a
      - s0
s10:
  test.fail_without_changes:
    - name: name10
    - order: first
    - prereq_in:
      - test: s3
      - test: s8
    - use:
      - test: s8
s11:
  test.fail_with_changes:
    - use:
      - test: s2
      - test: s3
    - prereq_in:
      - sls: a
