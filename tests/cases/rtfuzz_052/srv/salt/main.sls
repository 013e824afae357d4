include:
  - a
  - b
s0:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s0
    - require:
      - test: s11
    - prereq_in:
      - test: s3
      - sls: main
s2:
  test.succeed_without_changes:
    - names:
      - s2_n0
    - require_any:
      - test: s11
      - test: s11
    - prereq:
      - sls: a
    - watch_any:
      - test: s3
s5:
  test.nop:
    - order: 3
    - check_cmd: true
    - onchanges_any:
      - test: s7
      - test: s9
    - onfail_in:
      - test: s14
s6:
  test.succeed_without_changes:
    - name: name6
    - onlyif: true
    - onchanges_in:
      - s1
s7:
  test.fail_without_changes:
    - name: name7
    - watch_any:
      - sls: b
