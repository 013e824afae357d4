s3:
  test.succeed_with_changes:
    - prereq:
      - test: s9
      - test: s10
    - watch:
      - test: s1
s4:
  test.fail_with_changes:
    - names:
      - s4_n0
    - onfail:
      - test: s12
      - test: s6
s5:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s5
    - order: 3
    - require_in:
      - test: s7
      - s6
s10:
  test.nop:
    - name: name10
    - order: 3
    - failhard: True
    - check_cmd: true
    - onchanges_in:
      - test: name7
      - test: s12
s12:
  test.succeed_with_changes:
    - name: name12
    - onlyif: true
    - listen:
      - s6
      - test: s5
