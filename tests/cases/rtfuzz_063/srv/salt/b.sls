s3:
  test.succeed_without_changes:
    - name: name3
    - names:
      - s3_n0
      - s3_n1
    - check_cmd: false
    - onchanges:
      - s10
s4:
  test.fail_with_changes:
    - onfail_in:
      - test: s14
      - test: s9
s5:
  test.succeed_with_changes:
    - name: name5
    - names:
      - s5_n0
      - s5_n1
      - s5_n2
s7:
  test.configurable_test_state:
    - name: name7
    - changes: False
    - result: False
    - comment: c_s7
    - order: 1
s13:
  test.fail_with_changes:
    - watch_in:
      - test: s8
    - onfail_any:
      - test: s2
