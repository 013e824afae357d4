s1:
  test.fail_without_changes:
s4:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s4
    - listen:
      - sls: main
      - test: s10
    - onchanges_any:
      - test: s9
      - test: s8
    - onfail_in:
      - test: s7
      - test: s6
s5:
  test.fail_with_changes:
    - onchanges_any:
      - sls: a
s7:
  test.nop:
    - require:
      - s11
      - test: s2
    - watch_in:
      - s2
s10:
  test.fail_with_changes:
    - watch_in:
      - test: s7
