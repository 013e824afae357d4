include:
  - c
b_state:
  test.succeed_without_changes:
    - name: bee
