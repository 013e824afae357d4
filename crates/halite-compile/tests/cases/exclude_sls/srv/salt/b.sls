b1:
  test.nop
b2:
  test.nop
