include: other
a:
  test.nop: []
