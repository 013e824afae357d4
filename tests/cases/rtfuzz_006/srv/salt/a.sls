s1:
  test.succeed_with_changes:
    - name: name1
s10:
  test.fail_with_changes:
    - prereq:
      - test: s2
s11:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s11
    - failhard: True
    - onchanges_in:
      - test: s12
s12:
  test.fail_without_changes:
    - watch_any:
      - test: s0
      - sls: main
s14:
  test.succeed_with_changes:
    - names:
      - s14_n0
    - listen_in:
      - sls: a
