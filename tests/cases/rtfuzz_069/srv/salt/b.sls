s2:
  test.fail_without_changes:
    - unless: false
    - onfail:
      - test: s7
      - test: s13
s4:
  test.fail_with_changes:
    - use:
      - test: s13
      - s6
s9:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s9
    - order: last
    - onlyif: false
    - onfail_all:
      - test: s0
      - test: s8
s10:
  test.configurable_test_state:
    - name: name10
    - changes: True
    - result: True
    - comment: c_s10
    - names:
      - s10_n0
    - order: first
    - watch_in:
      - test: s15
s12:
  test.succeed_with_changes:
    - name: name12
    - require_any:
      - test: s8
      - test: s14
s13:
  test.nop:
    - onchanges_in:
      - test: s1
