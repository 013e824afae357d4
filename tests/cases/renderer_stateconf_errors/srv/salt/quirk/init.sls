#!stateconf yaml . jinja
include:
  - .sub
.q:
  test.nop
