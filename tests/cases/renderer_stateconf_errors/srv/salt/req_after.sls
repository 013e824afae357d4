#!stateconf -o yaml . jinja
.x:
  test.nop:
    - require:
      - test: .y
.y:
  test.nop
