s2:
  test.configurable_test_state:
    - name: name2
    - changes: False
    - result: False
    - comment: c_s2
    - names:
      - s2_n0
      - s2_n1
      - s2_n2
    - order: 3
    - onfail_all:
      - test: s7
s3:
  test.succeed_without_changes:
    - name: name3
    - onchanges:
      - test: s1
    - listen_in:
      - test: s7
    - watch:
      - test: name0
s7:
  test.fail_with_changes:
    - name: name7
    - prereq_in:
      - test: s5
s9:
  test.succeed_with_changes:
    - onchanges:
      - test: name3
      - test: s7
    - use:
      - test: s7
      - test: s1
    - onfail_any:
      - test: s7
s10:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s10
    - order: last
    - onchanges:
      - test: s3
