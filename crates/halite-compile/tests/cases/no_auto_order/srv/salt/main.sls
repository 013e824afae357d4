zeta:
  test.nop
alpha:
  test.nop:
    - names:
      - n2
      - n1
beta:
  test.nop:
    - order: 3
gamma:
  test.nop:
    - names:
      - g1
      - g2
    - order: 1
delta:
  test.nop:
    - order: last
