include:
  - a
  - b
s4:
  test.fail_with_changes:
    - onchanges:
      - test: s14
      - test: s1
s5:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s5
    - watch_any:
      - test: s13
      - s0
s7:
  test.nop:
    - onfail_in:
      - test: s12
      - test: s4
    - onchanges_in:
      - test: s2
      - s10
s13:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s13
    - onchanges:
      - s4
      - test: s0
    - onchanges:
      - test: s7
      - test: s5
