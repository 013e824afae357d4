pre_a:
  test.succeed_with_changes:
    - prereq:
      - test: target
target:
  test.fail_with_changes
pre_b:
  test.succeed_with_changes:
    - prereq:
      - test: target2
target2:
  test.succeed_with_changes:
    - require:
      - test: missing_thing
