sibling:
  test.nop
