plain:
  test.nop
