include:
  - a
  - b
s0:
  test.succeed_with_changes:
    - prereq:
      - test: s12
s7:
  test.configurable_test_state:
    - name: name7
    - changes: False
    - result: True
    - comment: c_s7
    - names:
      - s7_n0
      - s7_n1
      - s7_n2
    - watch_in:
      - test: s6
      - test: s9
    - onchanges_in:
      - sls: b
      - test: s14
s10:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s10
    - names:
      - s10_n0
      - s10_n1
      - s10_n2
    - onchanges:
      - test: s6
      - test: s11
s12:
  test.succeed_without_changes:
    - name: name12
    - listen_in:
      - sls: main
      - s0
    - require_any:
      - test: s9
      - test: s6
s15:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s15
    - require_any:
      - test: s18
      - s7
