#!stateconf yaml . jinja
.goal:
  test.nop
