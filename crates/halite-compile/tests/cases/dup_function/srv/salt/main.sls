dup:
  test.nop: []
  test.succeed_without_changes: []
