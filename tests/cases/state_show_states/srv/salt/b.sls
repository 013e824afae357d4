b1:
  test.nop
