a:
  test.fail_without_changes
b:
  test.succeed_without_changes
