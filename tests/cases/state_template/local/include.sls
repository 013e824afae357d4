include:
  - other
mine:
  test.nop
