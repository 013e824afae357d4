db:
  test.nop: []
