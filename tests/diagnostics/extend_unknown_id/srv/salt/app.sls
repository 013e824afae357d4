app:
  test.nop:
    - name: app
