s0:
  test.configurable_test_state:
    - name: name0
    - changes: False
    - result: True
    - comment: c_s0
    - listen_in:
      - s8
      - test: s10
s1:
  test.configurable_test_state:
    - name: name1
    - changes: False
    - result: True
    - comment: c_s1
    - listen_in:
      - s2
    - onfail_any:
      - test: s7
      - test: s4
s2:
  test.fail_with_changes:
    - require_any:
      - sls: main
    - onchanges:
      - test: s12
s4:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s4
    - order: 10
    - require_in:
      - test: s9
s8:
  test.fail_with_changes:
    - watch_in:
      - test: s7
s9:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s9
    - prereq_in:
      - s12
