other_a:
  test.succeed_with_changes
other_b:
  test.succeed_without_changes
