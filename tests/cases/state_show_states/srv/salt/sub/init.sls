s1:
  test.nop
