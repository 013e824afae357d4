include: database
web:
  test.nop: []
