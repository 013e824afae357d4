s0:
  test.nop:
    - name: name0
    - names:
      - s0_n0
    - onfail:
      - test: s8
    - require:
      - s4
      - s6
s3:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s3
    - names:
      - s3_n0
      - s3_n1
    - listen_in:
      - test: s12
      - test: s8
s4:
  test.fail_with_changes:
    - onchanges_in:
      - test: s12
    - onchanges_any:
      - test: s2
      - test: s7
s11:
  test.succeed_without_changes:
    - prereq:
      - sls: a
