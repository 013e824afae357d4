s3:
  test.succeed_without_changes:
    - onlyif: true
s9:
  test.configurable_test_state:
    - name: name9
    - changes: True
    - result: True
    - comment: c_s9
    - onfail:
      - test: s5
s10:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s10
    - onfail:
      - sls: b
    - onchanges_in:
      - test: s2
      - test: s13
