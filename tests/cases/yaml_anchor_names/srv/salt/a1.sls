r:
  test.nop:
    - lets:
        &colorcolumn: join(range(121,121),",")
        other: x
