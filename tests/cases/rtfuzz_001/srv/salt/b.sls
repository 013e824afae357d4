s0:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s0
    - names:
      - s0_n0
    - require_any:
      - test: s4
      - sls: main
    - watch_in:
      - test: s5
s6:
  test.configurable_test_state:
    - name: name6
    - changes: True
    - result: True
    - comment: c_s6
    - require_any:
      - test: s2
      - test: s1
