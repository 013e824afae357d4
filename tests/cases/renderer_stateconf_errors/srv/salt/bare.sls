#!stateconf
.x:
  test.nop
