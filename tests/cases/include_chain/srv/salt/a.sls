include:
  - b
a_state:
  test.nop
