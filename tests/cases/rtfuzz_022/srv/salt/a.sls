s1:
  test.succeed_without_changes:
    - onchanges_any:
      - test: s5
s6:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s6
    - watch:
      - test: s9
s8:
  test.fail_without_changes:
    - name: name8
    - order: 10
