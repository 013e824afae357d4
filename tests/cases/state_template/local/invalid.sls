bad:
  test.configurable_test_state:
    - bogus: 1
