s2:
  test.nop:
    - names:
      - s2_n0
    - use:
      - test: s4
      - test: s1
    - prereq:
      - s0
s5:
  test.succeed_without_changes:
    - onchanges_any:
      - test: s0
s6:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s6
    - require_any:
      - test: s3
    - onfail:
      - test: s9
      - test: s11
s10:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s10
    - order: last
    - onfail_in:
      - test: s0
      - test: s2
    - listen:
      - test: s3
