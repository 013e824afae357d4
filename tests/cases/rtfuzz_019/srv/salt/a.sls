s2:
  test.nop:
    - name: name2
    - order: first
    - watch:
      - test: s11
    - watch_in:
      - test: s8
s4:
  test.fail_without_changes:
    - onfail_in:
      - test: s11
s5:
  test.configurable_test_state:
    - name: name5
    - changes: True
    - result: True
    - comment: c_s5
    - watch:
      - s3
      - test: s6
    - watch:
      - sls: main
s6:
  test.fail_with_changes:
    - name: name6
    - names:
      - s6_n0
      - s6_n1
    - onfail_any:
      - test: s12
      - sls: b
s9:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s9
    - onfail_all:
      - test: s5
      - test: s4
s12:
  test.fail_without_changes:
    - order: first
    - onchanges_in:
      - test: s9
      - test: s11
    - onfail:
      - test: s5
s13:
  test.nop:
    - watch:
      - test: s3
      - test: s7
