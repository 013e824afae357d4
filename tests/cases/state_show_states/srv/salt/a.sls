include:
  - c
a1:
  test.nop
a2:
  test.nop
