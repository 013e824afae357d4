#!stateconf -s yaml . jinja
.start:
  test.nop
