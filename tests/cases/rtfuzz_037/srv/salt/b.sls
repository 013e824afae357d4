s0:
  test.succeed_with_changes:
    - require_any:
      - test: s9
    - listen:
      - sls: b
s1:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s1
s2:
  test.nop:
    - name: name2
    - watch_any:
      - test: s1
s8:
  test.fail_with_changes:
    - names:
      - s8_n0
    - onchanges_in:
      - test: s2
s9:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s9
    - require_any:
      - sls: b
      - sls: a
s10:
  test.nop:
    - order: 1
s11:
  test.nop:
    - order: first
s12:
  test.nop:
    - name: name12
    - order: last
    - watch:
      - sls: a
      - s8
