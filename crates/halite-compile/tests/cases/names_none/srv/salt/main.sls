n:
  test.nop:
    - names:
      - a
      - b:
      - c
