s0:
  test.nop:
    - check_cmd: false
    - onfail_in:
      - test: s9
      - test: s8
s3:
  test.succeed_with_changes:
    - name: name3
    - order: 1
    - failhard: True
    - check_cmd: true
    - watch:
      - test: s5
      - s9
    - onfail_any:
      - test: s8
      - test: s7
    - onchanges_any:
      - test: s5
      - test: s2
s4:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s4
    - prereq:
      - sls: a
      - test: s12
s5:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s5
    - watch_any:
      - test: s10
s9:
  test.succeed_with_changes:
    - names:
      - s9_n0
    - order: 3
    - listen:
      - test: s4
      - s14
    - onfail_all:
      - test: s2
    - onchanges_any:
      - sls: main
      - test: s2
s11:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s11
    - onfail_all:
      - test: s6
