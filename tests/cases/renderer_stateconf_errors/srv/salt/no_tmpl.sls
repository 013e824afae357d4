#!stateconf yaml
.x:
  test.nop
