s4:
  test.configurable_test_state:
    - name: name4
    - changes: False
    - result: False
    - comment: c_s4
    - watch:
      - test: s2
      - sls: a
    - onfail_any:
      - test: s5
      - test: s12
s8:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s8
    - listen:
      - test: s6
s10:
  test.fail_with_changes:
    - name: name10
    - order: 1
    - onchanges_in:
      - test: s8
      - test: s8
    - prereq_in:
      - s5
      - test: s11
    - onchanges_any:
      - test: s0
      - test: s2
s12:
  test.succeed_without_changes:
    - listen:
      - test: s8
