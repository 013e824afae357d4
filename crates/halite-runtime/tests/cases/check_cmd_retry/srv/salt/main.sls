cc1:
  test.succeed_with_changes:
    - check_cmd:
      - 'false'
cc2:
  test.fail_without_changes:
    - check_cmd:
      - 'true'
cc3:
  cmd.run:
    - name: echo x
    - check_cmd:
      - 'true'
r1:
  test.fail_without_changes:
    - retry:
        attempts: 3
        interval: 0
r2:
  test.succeed_with_changes:
    - retry:
        attempts: 3
        interval: 0
        until: True
r3:
  test.succeed_without_changes:
    - retry:
        attempts: 2
        interval: 0
        until: False
r4:
  cmd.run:
    - name: 'exit 1'
    - retry:
        attempts: 2
        interval: 0
