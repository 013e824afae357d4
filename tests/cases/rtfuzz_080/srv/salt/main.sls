include:
  - a
  - b
s4:
  test.fail_without_changes:
    - name: name4
    - onlyif: true
    - prereq:
      - s14
    - listen:
      - test: name5
s7:
  test.succeed_without_changes:
    - onchanges:
      - s6
      - test: s0
    - onchanges:
      - sls: main
s9:
  test.fail_with_changes:
    - name: name9
    - onlyif: true
    - onfail_all:
      - test: s13
    - onchanges_any:
      - sls: a
    - watch_any:
      - test: s6
s10:
  test.fail_with_changes:
    - name: name10
    - names:
      - s10_n0
      - s10_n1
      - s10_n2
    - onfail:
      - test: s2
      - test: s12
s11:
  test.configurable_test_state:
    - name: name11
    - changes: False
    - result: True
    - comment: c_s11
    - order: 1
    - onlyif: false
