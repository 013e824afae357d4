include:
  - lib.b
a1:
  test.nop
a2:
  test.nop:
    - names:
      - a2x
      - a2y
