include:
  - a
  - b
s1:
  test.succeed_without_changes:
    - name: name1
    - names:
      - s1_n0
    - require_any:
      - test: s5
      - test: s8
    - onfail_all:
      - test: s3
      - sls: a
s3:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s3
    - order: last
s7:
  test.fail_without_changes:
    - onfail_in:
      - test: s11
      - s8
    - require_in:
      - s11
      - sls: a
s9:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s9
    - order: first
    - onfail_in:
      - s7
      - test: s2
    - watch:
      - test: s3
s13:
  test.fail_with_changes:
    - watch:
      - test: s0
