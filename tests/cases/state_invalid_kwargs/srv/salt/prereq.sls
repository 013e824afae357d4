# The prereq check runs the prerequired state in test mode: it is bound first.
guard:
  test.succeed_with_changes:
    - prereq:
      - test: bad
bad:
  test.configurable_test_state:
    - bogus: 1
