#!mako|yaml
web:
  test.nop: []
