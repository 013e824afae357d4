#!tomlmod
x:
  test.nop: []
