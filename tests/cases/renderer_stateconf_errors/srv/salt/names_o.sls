#!stateconf -o yaml . jinja
.x:
  test.nop:
    - names: [a, b]
