ok:
  test.succeed_without_changes
