#!stateconf -o yaml . jinja
qq:
  test.nop
pp:
  test.nop
