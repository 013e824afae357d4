a:
  test.nop:
    - v: [1, 2
b: c
