s4:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s4
    - onlyif: true
    - onfail:
      - sls: a
s5:
  test.configurable_test_state:
    - name: name5
    - changes: False
    - result: True
    - comment: c_s5
    - failhard: True
s9:
  test.fail_with_changes:
    - name: name9
    - onfail_in:
      - s12
      - test: s10
    - listen_in:
      - s0
