s1:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s1
    - order: 10
s2:
  test.fail_without_changes:
    - order: 1
    - failhard: True
    - check_cmd: false
    - onchanges:
      - test: s15
      - test: s14
s3:
  test.succeed_without_changes:
    - names:
      - s3_n0
    - onfail:
      - test: s0
s5:
  test.fail_without_changes:
    - names:
      - s5_n0
    - onfail_all:
      - test: s6
      - test: s4
s6:
  test.succeed_with_changes:
    - onchanges:
      - test: s18
      - sls: b
    - onfail_any:
      - test: s12
    - prereq:
      - sls: a
s14:
  test.fail_with_changes:
    - watch_in:
      - test: s15
      - test: s6
    - prereq_in:
      - test: s2
      - test: s1
s16:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s16
    - onlyif: false
    - watch:
      - s13
s17:
  test.succeed_with_changes:
    - prereq:
      - test: s18
      - test: s5
    - require_in:
      - test: s11
s18:
  test.succeed_with_changes:
    - name: name18
    - use:
      - test: s9
