#!yaml | nacl
x:
  test.nop:
    - name: plain
