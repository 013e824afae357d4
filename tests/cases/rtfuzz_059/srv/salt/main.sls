include:
  - a
  - b
s0:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s0
    - names:
      - s0_n0
      - s0_n1
    - order: 1
    - onfail_any:
      - test: name10
      - test: s13
s1:
  test.succeed_without_changes:
    - names:
      - s1_n0
      - s1_n1
      - s1_n2
    - watch_any:
      - test: s3
      - test: s4
s3:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s3
    - onfail_any:
      - test: s12
      - test: s5
s7:
  test.nop:
    - order: 1
    - listen_in:
      - test: s13
      - test: s12
    - onfail_in:
      - test: s2
s8:
  test.fail_with_changes:
    - require_any:
      - test: s6
s10:
  test.configurable_test_state:
    - name: name10
    - changes: False
    - result: True
    - comment: c_s10
    - require_any:
      - test: s6
      - s0
    - listen_in:
      - test: s13
      - test: s13
    - listen:
      - test: s7
s12:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s12
    - failhard: True
    - listen_in:
      - test: s6
      - test: s6
    - watch_in:
      - test: s13
      - sls: b
