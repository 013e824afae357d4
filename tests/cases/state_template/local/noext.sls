noext:
  test.nop
