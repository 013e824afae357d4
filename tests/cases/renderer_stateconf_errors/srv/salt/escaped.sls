#!stateconf yaml \. x . jinja
.x:
  test.nop
