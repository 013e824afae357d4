r:
  test.nop:
    - a: &x:y 1
