b:
  test.nop:
    - v: x: y
