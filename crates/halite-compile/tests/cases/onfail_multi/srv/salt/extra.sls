e1:
  test.nop
e2:
  test.nop
