s2:
  test.succeed_with_changes:
    - order: first
    - onchanges:
      - test: s11
    - require_any:
      - s11
s4:
  test.succeed_without_changes:
    - names:
      - s4_n0
      - s4_n1
    - order: first
    - listen:
      - test: s0
s5:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s5
    - onfail_in:
      - test: s9
      - test: name0
s9:
  test.fail_with_changes:
    - name: name9
