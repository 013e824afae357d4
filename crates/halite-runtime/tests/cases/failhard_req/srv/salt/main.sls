one:
  test.nop:
    - require:
      - two
two:
  test.fail_without_changes:
    - failhard: True
three:
  test.nop
