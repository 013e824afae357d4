s0:
  test.succeed_without_changes:
    - order: 10
    - watch:
      - test: s2
      - test: s7
    - require:
      - sls: main
      - test: s2
    - onchanges_in:
      - test: s12
      - test: s1
s1:
  test.nop:
    - onlyif: true
    - onfail:
      - s7
    - onchanges:
      - test: s2
      - s4
s2:
  test.nop:
    - name: name2
    - onchanges_in:
      - s5
    - listen_in:
      - s4
    - watch_any:
      - s6
      - sls: a
s7:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s7
    - onfail:
      - test: s3
      - test: s15
s10:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s10
    - names:
      - s10_n0
      - s10_n1
      - s10_n2
    - failhard: True
    - require:
      - test: s2
s12:
  test.succeed_without_changes:
    - onchanges_any:
      - test: s13
    - onchanges:
      - test: s13
      - test: name8
