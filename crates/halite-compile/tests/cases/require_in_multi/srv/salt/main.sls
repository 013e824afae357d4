late_consumer:
  test.nop
other_consumer:
  test.nop
third_consumer:
  test.nop
provider:
  test.nop:
    - require_in:
      - test: late_consumer
      - test: other_consumer
      - test: third_consumer
provider2:
  test.nop:
    - require_in:
      - test: other_consumer
