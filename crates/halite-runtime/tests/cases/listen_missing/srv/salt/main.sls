a:
  test.succeed_with_changes
listener:
  test.nop:
    - listen:
      - test: ghost
