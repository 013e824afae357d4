#!gpg
x:
  test.nop: []
