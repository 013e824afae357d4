s0:
  test.fail_without_changes:
    - name: name0
    - watch:
      - s4
      - test: s11
    - require:
      - test: s10
s1:
  test.fail_with_changes:
    - name: name1
    - onchanges_in:
      - test: s0
    - prereq_in:
      - test: s9
s2:
  test.succeed_with_changes:
    - name: name2
    - require:
      - test: s14
      - test: s10
s8:
  test.succeed_without_changes:
    - require_any:
      - test: s5
      - s4
s10:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s10
    - onlyif: false
    - listen_in:
      - test: s12
s11:
  test.succeed_with_changes:
s13:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s13
    - onfail:
      - test: s7
