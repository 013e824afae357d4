many:
  test.nop:
    - names:
      - one
      - two:
        - comment: second
      - three
