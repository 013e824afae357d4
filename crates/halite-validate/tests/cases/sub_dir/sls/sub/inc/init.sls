y:
  test.nop: []
