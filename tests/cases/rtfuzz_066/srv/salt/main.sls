include:
  - a
  - b
s4:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s4
    - listen_in:
      - test: s10
      - test: s5
s8:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s8
    - order: 1
    - require_any:
      - test: s9
    - onfail_any:
      - sls: a
s9:
  test.fail_with_changes:
    - name: name9
    - onchanges_in:
      - test: s12
      - test: s11
    - prereq_in:
      - test: s12
      - test: name10
s10:
  test.configurable_test_state:
    - name: name10
    - changes: False
    - result: False
    - comment: c_s10
    - names:
      - s10_n0
    - watch:
      - test: s5
