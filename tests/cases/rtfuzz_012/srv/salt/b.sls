s5:
  test.succeed_without_changes:
    - onfail:
      - test: s4
    - watch:
      - test: s6
      - test: s0
    - prereq_in:
      - test: s6
      - test: s8
s11:
  test.nop:
    - name: name11
    - order: 10
    - watch:
      - test: s1
      - s3
