s0:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s0
    - prereq:
      - s4
      - sls: b
s4:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s4
    - onlyif: false
    - watch_any:
      - sls: b
s5:
  test.configurable_test_state:
    - name: name5
    - changes: True
    - result: False
    - comment: c_s5
    - order: 10
    - onlyif: false
    - watch_in:
      - test: s4
      - test: s10
s6:
  test.configurable_test_state:
    - name: name6
    - changes: False
    - result: True
    - comment: c_s6
    - require_any:
      - test: s9
      - test: s9
    - watch:
      - sls: a
      - test: name11
s7:
  test.configurable_test_state:
    - name: name7
    - changes: True
    - result: False
    - comment: c_s7
    - onfail:
      - sls: b
s12:
  test.nop:
    - name: name12
    - onlyif: false
    - listen:
      - s6
      - test: s1
