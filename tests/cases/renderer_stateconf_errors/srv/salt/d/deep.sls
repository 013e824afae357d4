#!stateconf yaml . jinja
include:
  - ..up
  - ...toohigh
.x:
  test.nop:
    - require:
      - test: ..up::y
      - test: ..z
      - test: .q
