s1:
  test.configurable_test_state:
    - name: name1
    - changes: False
    - result: True
    - comment: c_s1
    - listen:
      - test: s6
s3:
  test.succeed_without_changes:
    - listen:
      - test: s7
s7:
  test.fail_without_changes:
s8:
  test.fail_with_changes:
    - watch_in:
      - test: s4
s10:
  test.configurable_test_state:
    - name: name10
    - changes: True
    - result: True
    - comment: c_s10
    - onfail:
      - test: s6
