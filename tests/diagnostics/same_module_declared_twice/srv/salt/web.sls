web:
  test.nop: []
  test.succeed_without_changes: []
