include:
  - ...far
a:
  test.nop: []
