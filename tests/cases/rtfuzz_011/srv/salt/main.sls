include:
  - a
  - b
s4:
  test.succeed_with_changes:
    - names:
      - s4_n0
      - s4_n1
      - s4_n2
    - order: 1
    - listen:
      - test: s3
s5:
  test.succeed_with_changes:
    - onfail:
      - test: s3
      - test: s10
s9:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s9
    - watch:
      - test: s8
s10:
  test.succeed_with_changes:
    - name: name10
    - watch_in:
      - test: s2
      - s1
s11:
  test.nop:
    - name: name11
    - names:
      - s11_n0
      - s11_n1
    - onchanges:
      - test: s3
      - sls: a
    - watch_in:
      - test: s0
      - test: s5
