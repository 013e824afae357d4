s3:
  test.succeed_without_changes:
    - name: name3
    - onfail_any:
      - test: s10
      - sls: main
s6:
  test.succeed_with_changes:
    - order: 3
    - onfail_in:
      - test: s7
    - listen_in:
      - s7
      - sls: b
    - watch_in:
      - test: s7
      - s2
s7:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s7
    - failhard: True
    - listen:
      - test: s2
      - test: s5
    - onfail_any:
      - test: s9
    - watch:
      - s9
      - test: s6
