#!stateconf -o yaml . jinja
extend:
  qq:
    test.nop:
      - require:
        - test: pp
.first:
  test.nop
