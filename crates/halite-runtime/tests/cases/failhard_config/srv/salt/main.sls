one:
  test.nop
two:
  test.fail_without_changes
three:
  test.nop
