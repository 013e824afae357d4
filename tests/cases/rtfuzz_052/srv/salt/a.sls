s1:
  test.fail_without_changes:
    - name: name1
    - names:
      - s1_n0
      - s1_n1
      - s1_n2
    - onchanges:
      - sls: main
s3:
  test.configurable_test_state:
    - name: name3
    - changes: True
    - result: True
    - comment: c_s3
    - onchanges_any:
      - s2
      - test: s13
s4:
  test.fail_without_changes:
    - order: 3
    - unless: true
    - prereq:
      - sls: main
    - onchanges:
      - test: s6
    - onfail_any:
      - s5
      - test: s11
s8:
  test.fail_without_changes:
    - order: last
    - unless: true
s9:
  test.succeed_with_changes:
    - names:
      - s9_n0
    - check_cmd: false
    - watch_any:
      - s7
      - test: s0
    - onfail_all:
      - test: s3
s12:
  test.nop:
    - name: name12
    - check_cmd: false
    - prereq_in:
      - sls: a
    - require_in:
      - test: s10
      - test: s13
s13:
  test.nop:
    - failhard: True
    - onfail_in:
      - test: s3
      - test: s12
    - onfail_in:
      - test: s1
      - sls: a
    - watch_in:
      - test: s6
