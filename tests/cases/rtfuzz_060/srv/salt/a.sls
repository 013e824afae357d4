s0:
  test.nop:
    - name: name0
    - onfail:
      - sls: a
      - test: s9
    - onfail:
      - test: s12
s2:
  test.succeed_with_changes:
    - order: last
    - onlyif: false
    - onchanges:
      - test: s8
      - s7
    - onfail:
      - test: s13
s6:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s6
    - listen_in:
      - test: s2
      - test: s5
s11:
  test.succeed_without_changes:
    - name: name11
    - check_cmd: true
    - use:
      - test: s0
      - test: s4
