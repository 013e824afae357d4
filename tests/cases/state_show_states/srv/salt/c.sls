c1:
  test.nop
