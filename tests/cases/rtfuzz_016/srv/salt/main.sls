include:
  - a
  - b
s1:
  test.fail_without_changes:
    - name: name1
    - order: 1
    - require:
      - test: s3
      - test: s6
    - onchanges_in:
      - test: s8
      - test: name0
    - onchanges_in:
      - test: s8
      - test: s2
s5:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s5
s6:
  test.configurable_test_state:
    - name: name6
    - changes: True
    - result: True
    - comment: c_s6
    - require_in:
      - sls: a
    - onfail:
      - test: s7
      - test: s7
s8:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s8
