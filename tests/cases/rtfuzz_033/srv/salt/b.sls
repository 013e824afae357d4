s2:
  test.nop:
    - name: name2
    - onfail:
      - test: s1
    - onfail_any:
      - test: s5
    - onfail_all:
      - sls: b
s3:
  test.nop:
    - listen_in:
      - sls: a
      - test: s8
    - require_in:
      - sls: main
      - test: s4
s6:
  test.succeed_with_changes:
    - onfail_all:
      - sls: b
    - require:
      - test: s4
    - onchanges:
      - test: s3
s9:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s9
    - onfail:
      - test: s7
      - test: s1
s11:
  test.succeed_without_changes:
    - name: name11
    - require:
      - test: s2
