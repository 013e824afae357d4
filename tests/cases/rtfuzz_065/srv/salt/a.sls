s0:
  test.fail_with_changes:
    - order: first
    - require:
      - sls: b
    - listen_in:
      - test: s9
      - s7
s2:
  test.nop:
    - check_cmd: false
    - require_in:
      - s14
      - test: s13
    - watch_in:
      - test: s14
s10:
  test.nop:
    - names:
      - s10_n0
      - s10_n1
      - s10_n2
s13:
  test.succeed_with_changes:
    - check_cmd: true
    - onchanges:
      - test: s15
      - test: s1
s15:
  test.fail_with_changes:
    - use:
      - test: s7
      - test: s11
