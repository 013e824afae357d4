extend: app
web:
  test.nop: []
