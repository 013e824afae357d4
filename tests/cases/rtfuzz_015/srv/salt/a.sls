s3:
  test.succeed_without_changes:
    - name: name3
    - order: last
    - onfail_in:
      - test: s0
      - test: s1
s4:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s4
    - onchanges:
      - test: s7
s5:
  test.fail_with_changes:
    - order: last
    - listen_in:
      - sls: main
s7:
  test.succeed_without_changes:
    - order: last
    - watch:
      - test: s9
