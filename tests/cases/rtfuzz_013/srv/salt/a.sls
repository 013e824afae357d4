s0:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s0
    - onfail_any:
      - test: s10
s5:
  test.succeed_with_changes:
    - require_any:
      - test: s10
      - test: s10
    - watch:
      - test: s10
      - test: s4
s7:
  test.configurable_test_state:
    - name: name7
    - changes: True
    - result: True
    - comment: c_s7
    - onchanges_any:
      - test: s4
s8:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s8
    - failhard: True
    - onfail_any:
      - test: s9
s9:
  test.succeed_without_changes:
    - watch:
      - test: s2
      - test: name4
s10:
  test.fail_with_changes:
    - require_any:
      - sls: a
      - test: s5
