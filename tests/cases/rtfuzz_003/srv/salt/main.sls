include:
  - a
  - b
s2:
  test.nop:
    - name: name2
    - require:
      - s3
      - test: s6
    - listen_in:
      - sls: b
s4:
  test.configurable_test_state:
    - changes: False
    - result: False
    - comment: c_s4
    - order: 1
    - require:
      - test: s7
      - s0
s6:
  test.succeed_without_changes:
    - onfail_any:
      - test: s2
      - s7
    - require_in:
      - sls: b
      - sls: main
    - prereq_in:
      - test: s3
      - s7
