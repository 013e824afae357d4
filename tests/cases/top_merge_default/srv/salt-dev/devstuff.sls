devstuff:
  test.nop
