bad_change:
  test.fail_with_changes
waiter:
  cmd.wait:
    - name: echo should not run
    - watch:
      - bad_change
runner:
  cmd.run:
    - name: echo run anyway
    - require:
      - waiter
