svc:
  test.succeed_without_changes:
    - name: a
extend:
  svc:
    test.succeed_with_changes: []
