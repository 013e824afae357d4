s2:
  test.fail_without_changes:
    - order: 10
    - onfail_all:
      - test: s9
    - onfail:
      - test: s7
    - onfail_all:
      - sls: main
      - test: s7
s4:
  test.fail_without_changes:
    - listen_in:
      - s7
s9:
  test.configurable_test_state:
    - name: name9
    - changes: False
    - result: True
    - comment: c_s9
    - order: 10
    - watch_in:
      - sls: main
    - watch:
      - test: s1
      - test: s4
