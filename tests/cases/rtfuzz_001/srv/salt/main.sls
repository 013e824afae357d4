include:
  - a
  - b
s1:
  test.fail_with_changes:
    - name: name1
    - names:
      - s1_n0
      - s1_n1
    - watch_in:
      - test: s8
    - prereq_in:
      - test: s0
      - test: s7
s3:
  test.succeed_with_changes:
    - order: 3
    - use:
      - test: s6
    - onfail_all:
      - s9
      - test: s0
    - require_in:
      - test: s9
s5:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s5
    - order: 10
    - onfail_any:
      - test: s3
      - test: s9
    - listen:
      - sls: main
s7:
  test.fail_with_changes:
    - name: name7
    - watch_any:
      - test: s5
      - test: s1
    - require:
      - test: s6
      - sls: main
s8:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s8
    - require:
      - test: s2
    - watch:
      - test: s9
    - watch_in:
      - s9
