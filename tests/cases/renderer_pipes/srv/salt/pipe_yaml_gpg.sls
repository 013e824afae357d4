#!yaml|gpg
x:
  test.nop:
    - name: a
