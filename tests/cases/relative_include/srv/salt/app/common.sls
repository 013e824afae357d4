app_common:
  test.nop
