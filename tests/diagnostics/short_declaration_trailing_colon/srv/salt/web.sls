web:
  test.nop:
