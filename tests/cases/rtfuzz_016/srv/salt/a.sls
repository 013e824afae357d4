s0:
  test.fail_without_changes:
    - name: name0
    - onchanges:
      - test: s9
      - test: s10
s4:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s4
    - require:
      - test: s1
    - onfail:
      - test: s7
