s7:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s7
    - order: 1
    - onlyif: false
    - watch:
      - test: s3
    - onfail_all:
      - test: s8
      - test: s3
s9:
  test.configurable_test_state:
    - name: name9
    - changes: False
    - result: True
    - comment: c_s9
    - onfail_any:
      - s6
    - onfail_in:
      - s12
    - require_any:
      - test: s15
s12:
  test.succeed_without_changes:
    - onchanges_any:
      - test: s15
