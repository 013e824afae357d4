trailing:
  test.nop:
ok:
  test.nop
