#!genshi
x:
  test.nop: []
