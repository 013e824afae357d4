web:
  test.nop:
    - names: [a, b
    - other: 1
