include:
  - a
  - b
s1:
  test.fail_without_changes:
    - onfail:
      - sls: b
      - test: s0
s2:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s2
    - require_in:
      - s9
    - require_any:
      - test: s4
s4:
  test.fail_with_changes:
    - order: last
s5:
  test.fail_with_changes:
    - name: name5
    - names:
      - s5_n0
      - s5_n1
      - s5_n2
    - order: 3
    - failhard: True
s7:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s7
    - onfail_in:
      - test: s2
s9:
  test.fail_without_changes:
    - order: first
    - onchanges:
      - sls: b
      - s8
    - onfail_all:
      - test: s3
