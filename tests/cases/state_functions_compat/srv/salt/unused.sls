unused:
  test.nop
