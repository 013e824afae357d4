include:
  - a
  - b
s0:
  test.fail_without_changes:
    - names:
      - s0_n0
    - onfail_in:
      - test: s9
      - test: s13
    - watch_in:
      - sls: main
    - listen_in:
      - test: s7
      - test: s16
s3:
  test.succeed_without_changes:
    - onchanges:
      - test: s7
      - test: s9
s7:
  test.succeed_without_changes:
    - name: name7
    - watch:
      - test: s14
      - test: s1
    - require_in:
      - test: s4
      - sls: a
s10:
  test.fail_with_changes:
    - name: name10
    - order: 10
    - listen:
      - test: s11
      - test: s2
s11:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s11
    - order: 1
    - watch:
      - test: s12
    - require:
      - test: s13
      - test: s6
s13:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s13
s14:
  test.fail_without_changes:
    - names:
      - s14_n0
      - s14_n1
    - prereq_in:
      - test: s3
      - s1
