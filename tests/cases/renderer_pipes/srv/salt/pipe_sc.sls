#!jinja|yaml|stateconf -p
.x:
  test.nop: []
