# `no_log` is a state keyword in Salt 3008 only: Salt 3007.8 passes it to the function.
quiet:
  test.configurable_test_state:
    - no_log: True
loud:
  test.succeed_with_changes:
    - no_log: True
