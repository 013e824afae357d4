e1:
  test.nop
