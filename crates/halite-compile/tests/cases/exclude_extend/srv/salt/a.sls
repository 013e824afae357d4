a1:
  test.nop
extend:
  m1:
    test:
      - comment: from a
