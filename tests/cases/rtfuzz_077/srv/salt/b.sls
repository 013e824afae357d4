s3:
  test.succeed_without_changes:
    - name: name3
    - order: last
    - listen:
      - test: s8
s4:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s4
    - onlyif: false
    - watch_in:
      - test: s10
      - test: s7
    - require:
      - test: s0
      - test: name0
s15:
  test.configurable_test_state:
    - name: name15
    - changes: False
    - result: True
    - comment: c_s15
s17:
  test.fail_without_changes:
    - check_cmd: false
    - onchanges_in:
      - test: s0
      - test: s12
s18:
  test.succeed_with_changes:
    - name: name18
    - onfail:
      - test: s3
      - test: s4
    - listen:
      - test: s9
    - onfail_any:
      - s8
      - sls: main
