s0:
  test.nop:
    - name: name0
    - order: 3
    - require_any:
      - test: s1
s1:
  test.fail_without_changes:
    - name: name1
    - watch_in:
      - s6
      - test: s8
s2:
  test.nop:
    - onchanges_any:
      - s11
    - prereq_in:
      - test: s8
      - s13
    - onfail_in:
      - test: s6
      - test: s13
s4:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s4
    - onfail_any:
      - sls: b
      - test: s5
s7:
  test.nop:
    - name: name7
    - names:
      - s7_n0
    - onfail_any:
      - test: s9
s9:
  test.nop:
    - require:
      - s13
    - watch_any:
      - test: s12
s10:
  test.configurable_test_state:
    - name: name10
    - changes: False
    - result: False
    - comment: c_s10
    - names:
      - s10_n0
    - onchanges_in:
      - test: s5
s11:
  test.succeed_with_changes:
    - name: name11
    - order: first
    - listen:
      - test: s5
      - test: s9
    - listen_in:
      - test: s3
      - test: s1
