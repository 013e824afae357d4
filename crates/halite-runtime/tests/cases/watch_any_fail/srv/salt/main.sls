bad:
  test.fail_with_changes
good_change:
  test.succeed_with_changes
w_any:
  cmd.wait:
    - name: echo any
    - watch_any:
      - bad
      - good_change
w_all:
  cmd.wait:
    - name: echo all
    - watch:
      - bad
      - good_change
