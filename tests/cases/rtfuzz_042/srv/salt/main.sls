include:
  - a
  - b
s0:
  test.succeed_with_changes:
    - order: 1
    - failhard: True
    - unless: true
    - require_any:
      - test: s15
    - onfail_all:
      - test: s7
    - watch_any:
      - test: s6
s1:
  test.succeed_without_changes:
    - name: name1
    - check_cmd: true
    - onfail_any:
      - test: s2
    - onfail_any:
      - test: s7
      - s11
s2:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s2
    - onlyif: true
    - listen_in:
      - sls: b
      - test: s8
    - prereq:
      - test: s1
      - sls: b
s4:
  test.succeed_with_changes:
    - name: name4
    - check_cmd: true
    - onfail:
      - sls: b
      - test: s12
    - listen:
      - test: s16
s5:
  test.nop:
    - names:
      - s5_n0
      - s5_n1
s9:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s9
    - onfail_in:
      - sls: main
    - onfail:
      - test: s12
s11:
  test.succeed_without_changes:
    - names:
      - s11_n0
    - listen_in:
      - test: s0
s13:
  test.fail_with_changes:
    - listen_in:
      - test: s9
      - test: s1
