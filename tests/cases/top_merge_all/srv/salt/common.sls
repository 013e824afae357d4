common:
  test.nop
