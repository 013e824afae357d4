include:
  - ..nothing
x:
  test.nop
