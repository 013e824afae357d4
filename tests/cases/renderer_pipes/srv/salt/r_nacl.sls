#!nacl
x:
  test.nop: []
