d:
  test.nop:
    - names:
      - x:
        - comment: one
      - x:
        - comment: one
      - x:
        - comment: two
      - y
    - comment: default
