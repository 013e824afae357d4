vars:
  test.configurable_test_state:
    - changes: False
    - comment: "slspath={{ slspath }} tpldot={{ tpldot }} sls_path={{ sls_path }}"
