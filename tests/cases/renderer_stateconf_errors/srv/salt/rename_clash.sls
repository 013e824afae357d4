#!stateconf yaml . jinja
.x:
  test.nop
rename_clash::x:
  test.nop
