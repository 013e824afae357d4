include:
  - a
  - b
s0:
  test.nop:
    - onfail_any:
      - test: s2
      - test: s1
s1:
  test.succeed_without_changes:
    - name: name1
    - require:
      - test: s3
      - s2
    - onfail:
      - test: s8
      - sls: a
    - require_in:
      - test: s9
s6:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s6
    - onfail_in:
      - test: s3
      - test: s5
