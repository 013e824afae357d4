s2:
  test.succeed_without_changes:
    - onfail_any:
      - s6
      - s1
    - watch_any:
      - test: s8
      - test: s0
    - watch_any:
      - test: s0
s8:
  test.nop:
    - order: 10
    - prereq:
      - test: s5
      - test: s9
    - onfail_in:
      - test: s0
    - onfail:
      - sls: main
s9:
  test.fail_without_changes:
    - onfail_any:
      - test: s8
      - test: s1
    - prereq_in:
      - test: s5
      - test: s6
    - require:
      - test: s4
      - test: s2
