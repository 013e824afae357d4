#!tomlkit
x:
  test.nop: []
