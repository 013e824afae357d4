#!jinja -x|yaml
x:
  test.nop: []
