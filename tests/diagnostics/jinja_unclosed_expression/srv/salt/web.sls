web:
  test.nop:
    - name: {{ 'x'
    - other: 1
