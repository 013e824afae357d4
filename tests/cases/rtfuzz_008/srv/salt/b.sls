s1:
  test.succeed_with_changes:
    - name: name1
