literal:
  test.succeed_without_changes
