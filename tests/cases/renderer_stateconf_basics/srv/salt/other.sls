#!stateconf -G -s yaml . jinja
extend:
  app::config:
    file.managed:
      - mode: "0600"
.x:
  test.nop
