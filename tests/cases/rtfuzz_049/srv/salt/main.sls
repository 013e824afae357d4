include:
  - a
  - b
s2:
  test.configurable_test_state:
    - name: name2
    - changes: True
    - result: True
    - comment: c_s2
    - onfail_in:
      - test: s6
s8:
  test.succeed_with_changes:
    - onchanges_any:
      - s0
      - test: s0
    - onfail:
      - s9
