s0:
  test.nop:
    - name: name0
    - onchanges_any:
      - test: s2
      - test: s12
s2:
  test.succeed_with_changes:
    - onfail_any:
      - test: s11
    - onfail:
      - s5
      - s5
s4:
  test.succeed_with_changes:
    - onchanges_any:
      - test: s7
      - test: s11
s11:
  test.nop:
    - name: name11
    - names:
      - s11_n0
    - onfail:
      - test: s8
s12:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s12
    - onfail_all:
      - test: s5
      - test: s3
    - use:
      - test: s1
    - require_any:
      - test: s2
      - test: s4
