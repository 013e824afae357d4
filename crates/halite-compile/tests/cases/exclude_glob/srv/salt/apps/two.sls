two:
  test.nop
