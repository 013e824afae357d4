s6:
  test.fail_with_changes:
    - names:
      - s6_n0
      - s6_n1
    - failhard: True
    - listen:
      - test: s2
    - onfail_any:
      - test: s11
s9:
  test.configurable_test_state:
    - name: name9
    - changes: True
    - result: True
    - comment: c_s9
    - watch_any:
      - sls: a
s10:
  test.fail_with_changes:
    - names:
      - s10_n0
      - s10_n1
    - order: last
    - prereq:
      - s0
      - test: s7
    - onfail_all:
      - test: s5
