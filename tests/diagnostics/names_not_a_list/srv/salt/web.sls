web:
  test.nop:
    - names: one
