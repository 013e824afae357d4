#!stateconf yaml . jinja
.x:
  test.nop:
    - require:
      - test: ...far
