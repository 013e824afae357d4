#!yamlex
x:
  test.nop: []
