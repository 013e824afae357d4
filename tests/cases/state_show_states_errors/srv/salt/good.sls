g1:
  test.nop
