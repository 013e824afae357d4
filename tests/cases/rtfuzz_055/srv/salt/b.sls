s3:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s3
    - prereq_in:
      - test: s8
      - test: s4
s4:
  test.fail_without_changes:
    - onfail_in:
      - sls: b
    - onfail:
      - test: s3
      - test: s7
s9:
  test.fail_without_changes:
    - order: 10
    - prereq_in:
      - test: s1
      - test: s8
    - require:
      - s8
      - s1
s11:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s11
    - unless: false
    - require_in:
      - sls: a
