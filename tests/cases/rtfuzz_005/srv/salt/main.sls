include:
  - a
  - b
s3:
  test.configurable_test_state:
    - name: name3
    - changes: False
    - result: True
    - comment: c_s3
    - names:
      - s3_n0
    - prereq:
      - test: s12
      - test: s5
s4:
  test.succeed_with_changes:
    - prereq:
      - s2
      - sls: b
    - listen_in:
      - test: s12
      - test: s5
s5:
  test.fail_without_changes:
    - watch:
      - test: s3
      - test: s12
    - prereq:
      - test: s7
      - test: s0
s7:
  test.fail_without_changes:
    - name: name7
    - listen:
      - test: s9
s9:
  test.succeed_without_changes:
    - onfail_all:
      - test: s5
      - test: name6
    - onfail_all:
      - sls: a
s11:
  test.succeed_without_changes:
    - require:
      - test: s7
s12:
  test.configurable_test_state:
    - name: name12
    - changes: True
    - result: True
    - comment: c_s12
    - order: 1
    - listen:
      - s1
