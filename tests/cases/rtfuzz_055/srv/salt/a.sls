s1:
  test.configurable_test_state:
    - name: name1
    - changes: True
    - result: True
    - comment: c_s1
    - order: 3
    - check_cmd: false
    - onfail_in:
      - test: s11
    - onchanges:
      - test: s12
      - test: s5
    - onfail_any:
      - test: s10
      - test: s8
s5:
  test.fail_with_changes:
    - prereq_in:
      - sls: a
    - onfail_in:
      - sls: a
    - onchanges_in:
      - test: s6
      - test: s7
s6:
  test.nop:
    - watch_in:
      - test: s9
