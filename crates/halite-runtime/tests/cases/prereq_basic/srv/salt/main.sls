changer:
  test.succeed_with_changes
pre1:
  test.succeed_with_changes:
    - prereq:
      - test: target_changes
target_changes:
  test.succeed_with_changes
pre2:
  test.succeed_with_changes:
    - prereq:
      - target_nochange
target_nochange:
  test.succeed_without_changes
pre3:
  test.nop:
    - prereq:
      - target_fail
target_fail:
  test.fail_with_changes
pre4:
  cmd.run:
    - name: echo pre4
    - prereq:
      - cmd: target_cmd
target_cmd:
  cmd.run:
    - name: echo target
    - unless: 'true'
