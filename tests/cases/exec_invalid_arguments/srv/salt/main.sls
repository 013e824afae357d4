one:
  test.nop
