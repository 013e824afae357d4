dev_state:
  test.nop
