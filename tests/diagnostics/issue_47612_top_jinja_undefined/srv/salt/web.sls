web:
  test.nop:
    - name: hello
