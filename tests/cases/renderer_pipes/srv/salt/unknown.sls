#!jinja|yamll
x:
  test.nop: []
