s1:
  test.fail_with_changes:
    - check_cmd: false
    - watch_in:
      - test: s12
      - test: s8
s2:
  test.succeed_without_changes:
    - unless: false
    - prereq_in:
      - test: s0
      - s10
    - watch:
      - test: s0
s4:
  test.succeed_with_changes:
    - unless: false
    - watch_in:
      - test: s15
    - onfail_any:
      - test: s2
s6:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s6
    - watch_any:
      - sls: main
    - onchanges:
      - test: name15
s9:
  test.succeed_without_changes:
    - use:
      - test: s4
    - onfail_in:
      - s1
      - test: s2
s14:
  test.succeed_without_changes:
    - watch_in:
      - sls: a
    - onchanges:
      - test: s12
    - onfail:
      - sls: b
s16:
  test.fail_with_changes:
    - name: name16
    - names:
      - s16_n0
      - s16_n1
