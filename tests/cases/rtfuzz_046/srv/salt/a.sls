s0:
  test.succeed_with_changes:
    - order: 10
    - unless: false
    - require_in:
      - test: s6
    - use:
      - test: s10
    - onfail_any:
      - sls: a
s4:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s4
    - onchanges_any:
      - test: s0
      - test: s3
    - onfail:
      - sls: b
      - test: s9
s6:
  test.nop:
    - watch:
      - s12
      - sls: b
s9:
  test.fail_without_changes:
    - require:
      - test: s3
      - test: s10
    - prereq:
      - s6
      - test: s4
s10:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s10
    - onchanges:
      - test: s8
      - test: s3
    - watch_in:
      - sls: b
      - test: s12
s12:
  test.nop:
    - prereq:
      - test: s6
