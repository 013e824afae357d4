include:
  - a
  - b
s1:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s1
    - listen:
      - sls: a
s3:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s3
    - order: last
    - prereq_in:
      - test: s2
      - test: s15
    - onfail:
      - test: s2
s4:
  test.fail_with_changes:
    - names:
      - s4_n0
    - order: last
    - failhard: True
    - onchanges_any:
      - test: s7
s6:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s6
    - check_cmd: true
    - watch_any:
      - test: s3
    - require_any:
      - s0
      - s8
    - listen:
      - test: s4
s8:
  test.succeed_with_changes:
    - listen_in:
      - test: s7
    - onfail:
      - test: s13
    - onfail_any:
      - test: s3
