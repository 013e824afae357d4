s1:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s1
    - unless: false
s2:
  test.fail_with_changes:
    - require_any:
      - sls: b
s5:
  test.succeed_without_changes:
    - require:
      - s7
      - s10
s8:
  test.succeed_with_changes:
    - use:
      - sls: a
      - test: s1
    - prereq:
      - test: s1
s10:
  test.fail_with_changes:
    - order: 1
    - require:
      - s1
      - test: s2
    - onchanges_in:
      - s3
