include:
  - databse
web:
  test.nop: []
