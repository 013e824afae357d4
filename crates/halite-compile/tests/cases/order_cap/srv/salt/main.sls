x1:
  test.nop:
    - order: 50
x2:
  test.nop:
    - order: 120
x3:
  test.nop:
    - order: 30
x4:
  test.nop:
    - order: last
x5:
  test.nop:
    - order: 149
