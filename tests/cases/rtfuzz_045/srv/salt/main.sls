include:
  - a
  - b
s3:
  test.fail_with_changes:
    - onfail_any:
      - s11
      - test: s11
s5:
  test.succeed_without_changes:
    - name: name5
    - check_cmd: false
    - require_in:
      - test: s7
      - s2
    - prereq_in:
      - test: s10
    - watch_in:
      - test: s8
s9:
  test.succeed_without_changes:
    - names:
      - s9_n0
      - s9_n1
      - s9_n2
    - order: last
    - prereq:
      - test: s13
    - watch_in:
      - sls: b
s12:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s12
    - names:
      - s12_n0
    - failhard: True
    - onfail_any:
      - s13
      - test: s4
