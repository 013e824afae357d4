exclude: app
web:
  test.nop: []
