s0:
  test.configurable_test_state:
    - name: name0
    - changes: False
    - result: False
    - comment: c_s0
    - order: 10
    - prereq:
      - test: s1
      - test: s11
s1:
  test.succeed_without_changes:
    - name: name1
    - names:
      - s1_n0
    - onchanges:
      - s8
      - test: s6
s2:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s2
    - require_any:
      - test: s12
    - onfail_in:
      - test: s13
s3:
  test.fail_with_changes:
    - names:
      - s3_n0
      - s3_n1
    - listen_in:
      - test: s8
    - onchanges_any:
      - test: s5
    - use:
      - test: s11
      - test: s10
s4:
  test.succeed_without_changes:
    - name: name4
    - names:
      - s4_n0
s8:
  test.configurable_test_state:
    - name: name8
    - changes: True
    - result: False
    - comment: c_s8
    - watch_in:
      - test: s9
      - sls: b
    - onfail_any:
      - s1
    - onfail_in:
      - test: s5
s9:
  test.fail_with_changes:
    - name: name9
    - order: first
    - use:
      - sls: b
