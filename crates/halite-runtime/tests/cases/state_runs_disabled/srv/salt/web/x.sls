x:
  test.nop
