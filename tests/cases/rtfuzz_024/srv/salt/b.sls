s2:
  test.configurable_test_state:
    - name: name2
    - changes: True
    - result: True
    - comment: c_s2
    - names:
      - s2_n0
      - s2_n1
    - onchanges:
      - test: s6
    - watch_in:
      - test: s10
      - test: s7
    - require_any:
      - test: s5
      - test: s12
s4:
  test.configurable_test_state:
    - name: name4
    - changes: False
    - result: True
    - comment: c_s4
    - onfail_all:
      - s0
      - test: s0
s6:
  test.succeed_with_changes:
    - name: name6
    - onchanges_any:
      - sls: main
s10:
  test.succeed_without_changes:
    - onfail_in:
      - s4
