#!jinja|yamll
web:
  test.nop: []
