include:
  - a
  - b
s0:
  test.fail_without_changes:
    - names:
      - s0_n0
      - s0_n1
    - onfail_any:
      - test: s2
      - test: s6
s1:
  test.succeed_without_changes:
    - order: 3
    - watch:
      - test: s10
s3:
  test.succeed_with_changes:
    - watch_in:
      - test: s11
      - test: s10
s6:
  test.nop:
    - prereq_in:
      - test: s1
      - test: s11
s11:
  test.fail_without_changes:
    - prereq_in:
      - test: s12
      - test: s4
s12:
  test.nop:
    - name: name12
    - order: 1
    - watch_in:
      - s10
      - test: s6
    - onchanges:
      - test: s5
