lib_one:
  test.nop: []
