s2:
  test.succeed_with_changes:
    - prereq_in:
      - test: s13
      - test: s0
    - onfail_any:
      - test: s11
      - test: s10
s6:
  test.fail_with_changes:
    - require_any:
      - test: s0
    - onchanges_any:
      - test: s13
s11:
  test.succeed_with_changes:
    - name: name11
    - onlyif: false
    - onfail:
      - test: name5
    - require_any:
      - test: s8
      - test: s0
    - onfail_any:
      - test: name10
s13:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s13
    - onlyif: true
