include:
  - a
  - b
s6:
  test.nop:
    - order: last
    - watch:
      - test: s9
s7:
  test.succeed_without_changes:
    - onchanges_any:
      - test: s0
      - sls: main
s11:
  test.fail_without_changes:
    - names:
      - s11_n0
      - s11_n1
      - s11_n2
    - watch_in:
      - test: s2
      - test: s7
    - onfail:
      - s7
