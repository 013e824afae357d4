include:
  - a
  - b
s1:
  test.fail_without_changes:
    - unless: true
    - require:
      - test: s5
      - test: s13
s4:
  test.nop:
    - require_any:
      - sls: a
      - test: s13
s5:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s5
    - names:
      - s5_n0
      - s5_n1
      - s5_n2
    - require_any:
      - test: s13
s7:
  test.nop:
    - order: last
    - listen_in:
      - test: s10
    - watch_any:
      - test: s14
      - test: s4
    - watch:
      - sls: a
s8:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s8
    - watch_any:
      - test: s1
s9:
  test.succeed_without_changes:
    - listen_in:
      - test: s14
      - test: s0
    - watch_any:
      - test: s3
    - listen_in:
      - test: s14
s14:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s14
    - unless: true
    - watch:
      - sls: main
    - use:
      - test: s13
      - s2
