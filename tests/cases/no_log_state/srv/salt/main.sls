# Salt 3008's `no_log: True` state argument masks the result's name, comment and changes.
secret_cmd:
  cmd.run:
    - name: echo s3cr3t
    - no_log: True
secret_test:
  test.succeed_with_changes:
    - name: visible-name
    - no_log: True
secret_fail:
  test.fail_with_changes:
    - no_log: True
secret_false:
  test.succeed_without_changes:
    - no_log: False
secret_nop:
  test.nop:
    - no_log: True
watcher:
  cmd.run:
    - name: echo watcher
    - onchanges:
      - test: secret_test
