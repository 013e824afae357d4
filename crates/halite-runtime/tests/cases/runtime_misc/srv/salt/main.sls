retry_true:
  test.succeed_without_changes:
    - retry: True
retry_false:
  test.fail_without_changes:
    - retry: False
retry_bad:
  test.fail_without_changes:
    - retry:
        attempts: two
        interval: 0
        until: True
fh_test:
  test.succeed_with_changes:
    - failhard: True
unless_cwd:
  test.succeed_with_changes:
    - unless: test -d tmp
    - cwd: /
onlyif_bad_fun:
  test.succeed_with_changes:
    - onlyif:
      - args: [1]
creates_missing:
  test.succeed_with_changes:
    - creates:
      - /etc/hostname
      - /nonexistent
watch_skip:
  test.succeed_with_changes:
    - unless: 'true'
watcher_of_skip:
  cmd.run:
    - name: echo watcher
    - watch:
      - watch_skip
par_req:
  test.succeed_with_changes:
    - parallel: True
par_dep:
  test.nop:
    - watch:
      - par_req
notif:
  test.show_notification:
    - text: Hello
bad_notif:
  test.configurable_test_state:
    - changes: maybe
