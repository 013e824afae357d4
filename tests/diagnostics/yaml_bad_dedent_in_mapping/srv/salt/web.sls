web:
  test.nop:
    - name: x
 other:
  test.nop: []
