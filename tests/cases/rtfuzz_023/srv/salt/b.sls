s1:
  test.fail_with_changes:
    - listen_in:
      - s8
      - test: s5
s2:
  test.fail_with_changes:
    - name: name2
    - names:
      - s2_n0
      - s2_n1
      - s2_n2
    - onfail_in:
      - test: s3
    - onfail:
      - test: s0
      - test: s7
    - require_in:
      - test: s4
s6:
  test.fail_without_changes:
    - watch_any:
      - test: s0
s7:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s7
    - watch_in:
      - test: s14
    - require_any:
      - test: s4
      - sls: b
s11:
  test.fail_with_changes:
    - listen_in:
      - test: s4
    - watch_any:
      - test: s0
