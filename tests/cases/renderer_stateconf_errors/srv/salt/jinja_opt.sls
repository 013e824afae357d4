#!stateconf yaml . jinja -x
.x:
  test.nop
