include:
  - a
  - b
s0:
  test.configurable_test_state:
    - name: name0
    - changes: False
    - result: True
    - comment: c_s0
    - order: last
    - require_any:
      - test: s6
      - test: s5
s8:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s8
    - require_any:
      - test: s1
    - onfail_in:
      - s11
      - sls: main
s12:
  test.fail_with_changes:
    - require:
      - test: s6
      - test: s11
