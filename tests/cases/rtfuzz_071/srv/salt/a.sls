s1:
  test.succeed_without_changes:
    - onfail_any:
      - test: s13
      - sls: b
    - watch_any:
      - test: s4
s6:
  test.configurable_test_state:
    - name: name6
    - changes: False
    - result: True
    - comment: c_s6
    - require:
      - test: s7
      - test: s4
    - onfail_all:
      - test: s10
s10:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s10
    - listen_in:
      - sls: main
      - sls: a
s14:
  test.nop:
    - name: name14
    - names:
      - s14_n0
    - onlyif: true
    - use:
      - test: s3
    - onchanges:
      - sls: main
