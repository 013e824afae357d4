#!cheetah
x:
  test.nop: []
