nested:
  test.succeed_without_changes:
    - name: {{ tpldir }}
