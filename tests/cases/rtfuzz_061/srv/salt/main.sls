include:
  - a
  - b
s0:
  test.nop:
    - name: name0
    - names:
      - s0_n0
      - s0_n1
    - order: last
s5:
  test.nop:
    - names:
      - s5_n0
    - prereq:
      - test: s2
      - test: s1
s15:
  test.nop:
    - order: 1
    - onlyif: true
    - onfail_in:
      - test: s2
    - onfail:
      - test: s0
