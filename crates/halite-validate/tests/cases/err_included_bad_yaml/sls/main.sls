include:
  - inc
a:
  test.nop: []
