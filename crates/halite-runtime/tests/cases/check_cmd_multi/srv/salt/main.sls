two_ok:
  test.succeed_without_changes:
    - check_cmd:
      - 'true'
      - 'true'
second_bad:
  test.succeed_with_changes:
    - check_cmd:
      - 'true'
      - 'false'
      - 'true'
