include:
  - a
  - b
s2:
  test.fail_without_changes:
    - check_cmd: true
    - onfail_in:
      - sls: a
      - s10
s7:
  test.configurable_test_state:
    - name: name7
    - changes: False
    - result: True
    - comment: c_s7
    - names:
      - s7_n0
      - s7_n1
      - s7_n2
    - order: 1
    - failhard: True
    - prereq_in:
      - test: s4
    - require_any:
      - test: s6
    - prereq:
      - test: s12
s8:
  test.succeed_with_changes:
    - name: name8
s11:
  test.fail_without_changes:
    - name: name11
    - onchanges:
      - test: s12
    - prereq:
      - test: s10
