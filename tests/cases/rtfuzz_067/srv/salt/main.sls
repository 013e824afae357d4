include:
  - a
  - b
s0:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s0
    - order: 10
    - unless: false
    - require:
      - test: s3
s5:
  test.fail_without_changes:
    - name: name5
    - prereq:
      - test: s11
s7:
  test.fail_without_changes:
    - onchanges_any:
      - test: name4
      - test: s10
s10:
  test.fail_with_changes:
    - order: 10
    - watch:
      - test: s11
      - test: s7
    - use:
      - test: s5
      - test: s9
s12:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s12
    - check_cmd: false
    - listen_in:
      - s5
