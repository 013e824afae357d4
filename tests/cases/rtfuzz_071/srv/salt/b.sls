s0:
  test.nop:
    - unless: true
    - onfail_in:
      - sls: a
      - test: s2
s3:
  test.succeed_with_changes:
    - onfail_any:
      - test: s8
      - test: s14
    - watch_in:
      - test: s11
s4:
  test.succeed_with_changes:
s5:
  test.fail_with_changes:
    - order: 3
    - onchanges_in:
      - test: s0
      - test: s1
s7:
  test.succeed_without_changes:
    - name: name7
    - check_cmd: false
    - listen:
      - test: s8
      - test: s14
s8:
  test.succeed_with_changes:
    - names:
      - s8_n0
      - s8_n1
      - s8_n2
    - order: first
    - use:
      - sls: main
      - test: s12
s9:
  test.succeed_without_changes:
    - names:
      - s9_n0
      - s9_n1
      - s9_n2
    - prereq_in:
      - test: s5
s12:
  test.succeed_without_changes:
    - name: name12
    - onchanges_in:
      - test: name6
    - listen_in:
      - test: s4
      - s13
s13:
  test.configurable_test_state:
    - changes: False
    - result: True
    - comment: c_s13
    - watch_any:
      - test: s1
      - test: s6
    - onchanges:
      - sls: b
