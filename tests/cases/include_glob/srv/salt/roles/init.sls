roles_init:
  test.nop
