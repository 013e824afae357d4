s2:
  test.fail_without_changes:
    - watch:
      - s10
      - test: s11
    - onfail_in:
      - sls: main
      - test: s7
    - listen:
      - test: s4
s3:
  test.configurable_test_state:
    - name: name3
    - changes: True
    - result: True
    - comment: c_s3
    - names:
      - s3_n0
      - s3_n1
      - s3_n2
    - onlyif: true
    - onchanges:
      - test: s0
      - test: s12
s5:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s5
    - names:
      - s5_n0
    - listen_in:
      - test: s13
    - watch_any:
      - test: s6
s6:
  test.nop:
    - onfail_in:
      - test: s9
s8:
  test.succeed_without_changes:
    - name: name8
    - check_cmd: false
s9:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s9
    - order: 1
    - onfail_in:
      - test: s6
      - test: name3
    - onchanges:
      - test: s4
