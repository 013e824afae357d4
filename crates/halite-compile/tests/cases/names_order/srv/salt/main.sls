n:
  test.nop:
    - names:
      - a:
        - order: 5
      - b
      - c:
        - order: last
    - order: 20
m:
  test.nop:
    - order: "5"
f:
  test.nop:
    - order: 7.5
    - names:
      - f1
      - f2
