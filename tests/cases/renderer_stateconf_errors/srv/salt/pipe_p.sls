#!yaml | stateconf -p
.x:
  test.nop
