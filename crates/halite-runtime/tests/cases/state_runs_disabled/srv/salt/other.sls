ok2:
  test.nop
