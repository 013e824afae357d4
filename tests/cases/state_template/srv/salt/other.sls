from_roots:
  test.nop
