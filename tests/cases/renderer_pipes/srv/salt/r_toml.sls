#!toml
x:
  test.nop: []
