sub:
  test.nop
