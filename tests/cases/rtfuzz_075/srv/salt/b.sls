s0:
  test.fail_without_changes:
    - names:
      - s0_n0
      - s0_n1
    - order: last
    - onchanges_in:
      - test: s11
      - test: s4
    - require_in:
      - sls: a
s1:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s1
    - names:
      - s1_n0
    - require:
      - test: s6
      - test: s5
s2:
  test.fail_without_changes:
    - unless: false
    - prereq_in:
      - sls: main
      - test: s7
    - onfail_any:
      - test: s14
s3:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s3
    - prereq:
      - test: s13
    - listen_in:
      - sls: a
      - s4
s7:
  test.fail_with_changes:
    - onlyif: false
    - onchanges_any:
      - test: s6
s12:
  test.succeed_without_changes:
    - order: 10
    - require:
      - test: s3
      - test: s8
s14:
  test.succeed_with_changes:
    - name: name14
