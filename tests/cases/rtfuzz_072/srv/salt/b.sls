s0:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s0
    - onchanges_in:
      - test: s6
s3:
  test.nop:
    - name: name3
    - order: first
s4:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s4
    - check_cmd: false
    - prereq:
      - test: s11
    - require:
      - test: s3
    - require:
      - test: s11
      - sls: main
s6:
  test.configurable_test_state:
    - name: name6
    - changes: False
    - result: False
    - comment: c_s6
s9:
  test.succeed_with_changes:
    - names:
      - s9_n0
      - s9_n1
      - s9_n2
    - onfail_all:
      - test: s0
    - prereq_in:
      - test: s3
    - watch_any:
      - test: s1
      - sls: main
s12:
  test.succeed_without_changes:
    - listen_in:
      - sls: main
      - test: s11
    - require:
      - test: name7
