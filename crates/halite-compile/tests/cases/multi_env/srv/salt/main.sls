base_state:
  test.nop:
    - require_in:
      - test: dev_state
extend:
  dev_state:
    test:
      - comment: extended from base
