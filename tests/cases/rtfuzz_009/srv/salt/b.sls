s0:
  test.fail_with_changes:
    - name: name0
    - watch_any:
      - test: s6
    - watch:
      - sls: a
    - watch:
      - sls: main
      - test: s2
s3:
  test.succeed_with_changes:
    - names:
      - s3_n0
      - s3_n1
      - s3_n2
    - watch_any:
      - test: s7
    - require_any:
      - test: s0
s4:
  test.configurable_test_state:
    - name: name4
    - changes: False
    - result: False
    - comment: c_s4
    - onfail_all:
      - sls: a
    - onchanges_in:
      - test: s10
    - require:
      - sls: main
      - test: s3
s9:
  test.succeed_with_changes:
    - order: 1
    - require_in:
      - test: s5
      - test: s7
    - listen_in:
      - test: s1
      - test: name4
    - onfail:
      - test: s2
