#!stateconf yaml . mako2
.x:
  test.nop
