include:
  - a
  - b
s1:
  test.succeed_without_changes:
    - watch:
      - test: s4
      - s10
    - listen_in:
      - s6
      - test: s7
    - onfail:
      - test: s14
      - test: s12
s12:
  test.fail_with_changes:
    - order: last
s14:
  test.succeed_without_changes:
    - name: name14
    - failhard: True
s15:
  test.configurable_test_state:
    - name: name15
    - changes: False
    - result: True
    - comment: c_s15
    - order: first
