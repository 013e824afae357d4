dev_state:
  test.nop:
    - watch_in:
      - test: base_state
      - test: missing_in_dev
dev_two:
  test.nop:
    - names:
      - d1
      - d2
