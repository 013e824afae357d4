include:
  - a
  - b
s0:
  test.configurable_test_state:
    - changes: True
    - result: False
    - comment: c_s0
    - onfail:
      - test: s3
    - prereq:
      - test: s12
      - test: s8
s1:
  test.nop:
    - name: name1
    - prereq_in:
      - test: s9
      - sls: main
    - onchanges:
      - test: s8
    - onfail:
      - s8
      - test: s7
s3:
  test.nop:
    - name: name3
    - failhard: True
    - watch_any:
      - test: s2
s8:
  test.succeed_with_changes:
    - onchanges_in:
      - s1
      - test: s11
s10:
  test.fail_without_changes:
    - name: name10
    - listen:
      - test: s8
      - test: s9
