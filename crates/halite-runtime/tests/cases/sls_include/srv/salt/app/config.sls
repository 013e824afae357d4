config_state:
  test.succeed_with_changes
