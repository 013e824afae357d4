s0:
  test.fail_with_changes:
    - names:
      - s0_n0
      - s0_n1
      - s0_n2
    - listen_in:
      - test: s9
      - sls: b
    - prereq:
      - test: s9
      - test: s14
    - onfail_all:
      - test: s1
s2:
  test.succeed_with_changes:
    - onlyif: true
    - watch_any:
      - test: s7
      - sls: a
    - onchanges:
      - test: s0
      - sls: main
s5:
  test.fail_with_changes:
    - name: name5
    - check_cmd: false
    - onfail_any:
      - test: s2
      - test: s14
    - onfail_in:
      - test: s1
      - test: s7
    - watch_any:
      - test: s1
s9:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s9
    - onfail:
      - s5
    - require:
      - sls: main
s10:
  test.succeed_with_changes:
    - name: name10
    - names:
      - s10_n0
      - s10_n1
    - order: first
    - unless: true
s11:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s11
    - failhard: True
    - watch_in:
      - test: s7
s13:
  test.fail_with_changes:
    - names:
      - s13_n0
      - s13_n1
      - s13_n2
    - onfail_any:
      - test: s15
      - test: s2
