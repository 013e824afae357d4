s3:
  test.succeed_with_changes:
    - onchanges_in:
      - s0
      - test: s4
    - listen_in:
      - sls: main
      - test: s6
s6:
  test.succeed_without_changes:
    - onchanges:
      - test: s16
    - listen_in:
      - test: s14
    - use:
      - sls: b
s7:
  test.nop:
    - onlyif: true
    - require:
      - test: s0
s10:
  test.fail_without_changes:
    - onfail:
      - test: s11
    - onfail:
      - test: s15
s14:
  test.fail_with_changes:
    - check_cmd: false
    - prereq_in:
      - test: s17
    - onchanges:
      - test: s2
s15:
  test.fail_without_changes:
    - watch:
      - test: s17
s17:
  test.nop:
    - check_cmd: true
