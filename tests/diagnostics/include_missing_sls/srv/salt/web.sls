include:
  - nosuchthing
web:
  test.nop: []
