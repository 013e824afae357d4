web:
  test.nop:
    - succeed_without_changes
