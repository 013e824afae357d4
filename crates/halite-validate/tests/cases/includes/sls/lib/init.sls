lib-init:
  test.nop: []
