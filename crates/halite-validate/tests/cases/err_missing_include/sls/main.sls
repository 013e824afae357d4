include:
  - missing
a:
  test.nop: []
