include:
  - a
  - b
s5:
  test.succeed_with_changes:
    - name: name5
    - listen:
      - test: s6
      - test: s3
s6:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s6
    - require_in:
      - test: name11
    - require:
      - sls: b
    - onfail_all:
      - test: s9
      - test: s7
s9:
  test.fail_without_changes:
    - name: name9
    - onfail_any:
      - test: s7
