s0:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s0
    - watch_in:
      - test: s2
s4:
  test.nop:
    - names:
      - s4_n0
      - s4_n1
      - s4_n2
    - order: first
    - watch_in:
      - sls: a
      - test: s15
    - watch_any:
      - test: s8
      - test: s11
s7:
  test.succeed_with_changes:
    - names:
      - s7_n0
      - s7_n1
    - check_cmd: false
    - onchanges_any:
      - test: s14
      - test: s10
    - onchanges:
      - s11
s11:
  test.nop:
    - require_in:
      - test: s7
s15:
  test.succeed_without_changes:
s17:
  test.fail_without_changes:
    - onlyif: false
    - listen:
      - s3
