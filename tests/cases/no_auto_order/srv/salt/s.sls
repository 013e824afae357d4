first:
  test.nop
second:
  test.nop:
    - order: 3
third:
  test.nop:
    - names:
      - n1
      - n2
