#!stateconf -o yaml . jinja
.x:
  test.nop
.y:
  test.nop:
    - require_in:
      - test: .x
