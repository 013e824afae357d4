s1:
  test.succeed_with_changes:
    - name: name1
    - watch_any:
      - test: s9
    - onchanges_in:
      - test: s2
      - sls: main
s6:
  test.fail_with_changes:
    - require_in:
      - test: s3
s7:
  test.succeed_without_changes:
    - names:
      - s7_n0
      - s7_n1
    - onfail:
      - test: s4
s10:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s10
    - onfail_all:
      - test: s1
    - prereq_in:
      - s2
      - test: s1
