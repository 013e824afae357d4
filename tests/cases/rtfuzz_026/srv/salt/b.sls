s1:
  test.nop:
    - name: name1
    - order: 1
    - listen_in:
      - test: s4
    - onfail_all:
      - sls: main
s3:
  test.nop:
    - name: name3
    - watch_in:
      - test: s10
      - test: s0
    - watch:
      - test: s9
    - onfail:
      - test: s2
      - sls: b
s6:
  test.configurable_test_state:
    - name: name6
    - changes: True
    - result: True
    - comment: c_s6
    - prereq_in:
      - test: s13
      - test: s1
s8:
  test.fail_without_changes:
s10:
  test.succeed_with_changes:
    - name: name10
    - prereq:
      - s11
    - listen_in:
      - sls: main
s11:
  test.fail_with_changes:
    - names:
      - s11_n0
      - s11_n1
    - use:
      - test: s0
      - test: s4
    - watch_any:
      - test: s8
      - test: s9
s12:
  test.succeed_with_changes:
    - watch_any:
      - s9
      - sls: main
    - watch_any:
      - s0
      - test: name9
    - onchanges_any:
      - test: s3
s13:
  test.succeed_with_changes:
    - require:
      - test: name7
      - test: s0
