web_state:
  test.nop
