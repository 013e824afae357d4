s0:
  test.nop:
    - name: name0
    - onfail:
      - sls: a
s2:
  test.succeed_with_changes:
    - prereq:
      - test: s5
s3:
  test.fail_with_changes:
    - name: name3
    - names:
      - s3_n0
      - s3_n1
    - watch_in:
      - test: s5
s5:
  test.fail_with_changes:
s9:
  test.succeed_without_changes:
    - prereq_in:
      - test: s6
      - s12
    - onchanges_any:
      - test: s8
      - test: s1
    - require_any:
      - test: name11
s11:
  test.succeed_without_changes:
    - name: name11
    - failhard: True
    - onfail:
      - sls: a
      - sls: b
    - watch:
      - sls: main
