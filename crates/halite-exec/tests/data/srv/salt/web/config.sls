cfg:
  test.nop
