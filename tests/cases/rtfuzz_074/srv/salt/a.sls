s1:
  test.succeed_with_changes:
    - names:
      - s1_n0
    - order: last
    - check_cmd: false
    - onchanges_any:
      - test: s4
      - test: s6
    - listen_in:
      - test: s8
      - test: s11
s3:
  test.succeed_with_changes:
    - check_cmd: true
    - watch_in:
      - sls: b
      - test: s15
s4:
  test.nop:
    - onchanges_in:
      - test: s6
      - s10
s5:
  test.succeed_without_changes:
    - onchanges_any:
      - test: s13
    - listen:
      - test: s8
      - test: s11
s10:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s10
    - onfail_any:
      - test: s6
    - watch_any:
      - sls: b
    - listen_in:
      - test: s12
      - test: s0
s14:
  test.succeed_with_changes:
    - name: name14
    - onfail_all:
      - sls: main
      - test: s17
    - onfail_any:
      - test: s0
s17:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s17
    - names:
      - s17_n0
    - watch_in:
      - test: s6
    - watch:
      - s10
