s0:
  test.succeed_with_changes:
    - onchanges:
      - test: s9
      - test: s4
s1:
  test.succeed_without_changes:
    - name: name1
    - order: 10
s3:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s3
    - use:
      - test: s6
      - test: s6
s5:
  test.fail_with_changes:
    - require_any:
      - test: s2
    - onchanges_any:
      - test: s6
      - test: s4
    - onfail_any:
      - test: s6
s8:
  test.configurable_test_state:
    - name: name8
    - changes: True
    - result: False
    - comment: c_s8
    - names:
      - s8_n0
      - s8_n1
