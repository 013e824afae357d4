# A state kept from running by a failed requisite is never bound to its function: no error.
failing:
  test.fail_without_changes
bad:
  test.configurable_test_state:
    - bogus: 1
    - require:
      - test: failing
