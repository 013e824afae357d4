s0:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s0
    - check_cmd: true
s1:
  test.fail_with_changes:
    - prereq_in:
      - test: s2
      - sls: b
s6:
  test.succeed_without_changes:
    - name: name6
    - order: 10
    - watch:
      - s3
    - onfail_all:
      - test: name7
s9:
  test.succeed_without_changes:
    - names:
      - s9_n0
      - s9_n1
    - order: last
    - check_cmd: true
    - require_any:
      - test: s1
    - watch_any:
      - test: s4
      - sls: a
