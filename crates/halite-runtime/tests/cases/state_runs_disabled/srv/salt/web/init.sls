w:
  test.nop
