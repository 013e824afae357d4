include:
  - ..common
  - .sibling
deep:
  test.nop
