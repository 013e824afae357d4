web:
  test.nop:
    - name: "unterminated
    - other: 1
