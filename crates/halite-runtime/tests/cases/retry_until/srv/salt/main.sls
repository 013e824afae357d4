until_false:
  test.fail_without_changes:
    - retry:
        attempts: 3
        until: False
        interval: 0
succeed_retry_cmd:
  cmd.run:
    - name: 'test -e /etc/hostname'
    - retry:
        attempts: 4
        interval: 0
