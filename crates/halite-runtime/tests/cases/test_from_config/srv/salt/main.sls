a:
  test.succeed_with_changes
b:
  cmd.run:
    - name: echo b
