include:
  - a
  - b
s3:
  test.nop:
    - onfail_all:
      - test: s5
      - test: s2
s4:
  test.succeed_with_changes:
    - names:
      - s4_n0
    - watch:
      - test: s2
    - require:
      - test: s7
      - test: s3
s6:
  test.succeed_without_changes:
    - order: 1
    - prereq:
      - sls: main
    - watch_any:
      - s9
