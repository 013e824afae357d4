first:
  test.succeed_without_changes:
    - parallel: True
bad:
  test.configurable_test_state:
    - parallel: True
    - zeta: 1
    - alpha: 2
    - comment: fine
