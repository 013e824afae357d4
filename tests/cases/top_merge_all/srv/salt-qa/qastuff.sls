qastuff:
  test.nop
