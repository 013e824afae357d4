same_id:
  test.nop
