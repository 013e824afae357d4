#!stateconf -s yaml . jinja
include:
  - a
