s2:
  test.fail_without_changes:
    - watch:
      - test: s11
      - test: s0
    - watch:
      - test: s12
s9:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s9
    - listen_in:
      - test: s0
      - test: s4
    - require_any:
      - test: s3
      - test: name10
