1234:
  test.nop: []
