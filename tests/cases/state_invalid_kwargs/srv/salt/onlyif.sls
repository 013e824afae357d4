# format_call runs before onlyif/unless are checked.
bad:
  test.configurable_test_state:
    - bogus: 1
    - onlyif: /bin/false
