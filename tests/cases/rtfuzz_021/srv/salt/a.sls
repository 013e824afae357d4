s0:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s0
    - onchanges:
      - sls: a
    - listen:
      - test: s3
      - test: s1
    - onfail_in:
      - test: s4
s1:
  test.fail_without_changes:
    - onchanges:
      - test: s9
    - require_in:
      - test: s3
    - listen_in:
      - test: s8
      - test: s6
s2:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s2
    - onfail_in:
      - test: s9
    - prereq_in:
      - test: s6
s7:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s7
    - onfail_all:
      - test: s8
      - test: s9
s8:
  test.nop:
    - order: 1
    - require:
      - test: s3
      - sls: a
s9:
  test.nop:
    - prereq:
      - test: s1
