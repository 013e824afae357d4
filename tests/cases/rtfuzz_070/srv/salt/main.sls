include:
  - a
  - b
s1:
  test.fail_with_changes:
    - unless: false
    - prereq_in:
      - test: name5
    - onfail_all:
      - sls: main
s2:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s2
    - order: 3
    - check_cmd: true
    - watch_in:
      - test: s8
    - onchanges_any:
      - test: s6
s8:
  test.fail_without_changes:
s9:
  test.succeed_with_changes:
    - name: name9
    - order: 10
    - failhard: True
s10:
  test.fail_without_changes:
    - names:
      - s10_n0
    - watch_any:
      - test: s6
      - test: s4
