include:
  - app
web:
  test.nop: []
