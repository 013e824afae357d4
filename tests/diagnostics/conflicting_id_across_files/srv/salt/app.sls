shared:
  test.nop:
    - name: two
