include:
  - a
  - b
s2:
  test.fail_without_changes:
    - prereq_in:
      - test: s5
    - watch_in:
      - test: s5
      - test: s0
    - onchanges:
      - test: s5
s4:
  test.succeed_without_changes:
    - order: last
s6:
  test.fail_with_changes:
    - name: name6
    - onchanges:
      - test: s8
      - test: s4
    - require_in:
      - test: s0
    - onfail_all:
      - test: s5
s7:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s7
    - onfail:
      - test: s2
s9:
  test.fail_with_changes:
    - name: name9
    - names:
      - s9_n0
      - s9_n1
      - s9_n2
    - use:
      - test: s7
      - test: s0
    - require_any:
      - test: s6
      - sls: main
