include:
  - a
  - b
s2:
  test.fail_with_changes:
    - names:
      - s2_n0
      - s2_n1
      - s2_n2
    - order: 10
    - failhard: True
    - check_cmd: false
    - require_in:
      - test: s0
s6:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s6
    - onchanges_any:
      - s4
    - onchanges_in:
      - test: s12
s11:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s11
    - order: first
    - unless: false
    - prereq:
      - test: s2
      - test: s8
    - prereq_in:
      - test: s10
