include:
  - a
  - b
s0:
  test.succeed_with_changes:
    - name: name0
    - onfail_all:
      - test: s14
      - s3
    - require_in:
      - test: s4
      - test: s8
    - prereq_in:
      - test: s8
      - s8
s1:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s1
    - require_any:
      - sls: main
      - s10
    - watch_any:
      - test: s13
      - sls: b
s4:
  test.fail_without_changes:
    - order: 1
    - listen:
      - test: s1
s8:
  test.fail_with_changes:
    - prereq:
      - s1
      - test: s5
    - onfail:
      - test: s14
    - prereq:
      - test: s5
      - test: s5
s11:
  test.succeed_without_changes:
    - name: name11
    - watch:
      - test: s7
    - onchanges:
      - test: s3
      - test: s13
