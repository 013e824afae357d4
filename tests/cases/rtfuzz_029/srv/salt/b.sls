s1:
  test.fail_with_changes:
    - name: name1
    - use:
      - test: s0
      - test: s7
    - listen_in:
      - test: s5
s4:
  test.succeed_without_changes:
    - use:
      - test: s9
s6:
  test.nop:
    - names:
      - s6_n0
s7:
  test.succeed_without_changes:
    - onfail_in:
      - test: s1
      - test: s8
s10:
  test.nop:
    - name: name10
    - onfail_all:
      - test: s3
s11:
  test.fail_without_changes:
    - name: name11
    - watch_any:
      - test: s5
      - test: s4
    - use:
      - sls: b
s12:
  test.configurable_test_state:
    - name: name12
    - changes: True
    - result: False
    - comment: c_s12
    - require_any:
      - test: s4
    - onfail_all:
      - sls: b
      - test: s11
    - onfail_any:
      - test: s10
      - test: s4
