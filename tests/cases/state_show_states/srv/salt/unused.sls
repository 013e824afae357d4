u1:
  test.nop
