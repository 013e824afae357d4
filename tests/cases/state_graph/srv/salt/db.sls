database:
  test.nop:
    - name: postgres
