s0:
  test.configurable_test_state:
    - name: name0
    - changes: False
    - result: False
    - comment: c_s0
    - order: 3
    - prereq_in:
      - test: s2
    - onfail:
      - test: s5
      - s5
s8:
  test.configurable_test_state:
    - name: name8
    - changes: True
    - result: True
    - comment: c_s8
    - names:
      - s8_n0
      - s8_n1
      - s8_n2
    - order: 10
    - require_any:
      - s1
s12:
  test.nop:
    - name: name12
    - onchanges_in:
      - test: s5
      - test: s13
    - onchanges_any:
      - s5
      - test: s0
s13:
  test.nop:
    - name: name13
    - watch_any:
      - test: s6
      - test: s4
    - prereq:
      - test: s7
      - s4
s14:
  test.succeed_without_changes:
    - onfail:
      - sls: b
