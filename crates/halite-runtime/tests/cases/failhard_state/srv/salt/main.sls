one:
  test.nop
two:
  test.fail_without_changes:
    - failhard: True
three:
  test.nop
