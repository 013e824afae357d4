s0:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s0
    - onchanges_any:
      - test: s2
      - test: s5
    - watch_in:
      - test: name6
s2:
  test.succeed_without_changes:
    - name: name2
s3:
  test.fail_without_changes:
    - order: last
    - onfail_any:
      - s1
s6:
  test.configurable_test_state:
    - name: name6
    - changes: False
    - result: True
    - comment: c_s6
    - onfail:
      - s3
    - onchanges_in:
      - test: s10
      - test: s4
s8:
  test.configurable_test_state:
    - name: name8
    - changes: False
    - result: False
    - comment: c_s8
    - names:
      - s8_n0
      - s8_n1
    - order: 3
    - require_any:
      - test: s11
