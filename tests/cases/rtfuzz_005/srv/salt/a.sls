s0:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s0
    - use:
      - test: s6
      - test: s3
    - watch_any:
      - test: s10
s8:
  test.succeed_without_changes:
    - onfail_all:
      - sls: b
    - watch_any:
      - test: s12
      - sls: b
    - listen:
      - test: s4
s10:
  test.succeed_without_changes:
    - name: name10
    - listen:
      - sls: a
    - onchanges:
      - test: s9
      - test: s6
