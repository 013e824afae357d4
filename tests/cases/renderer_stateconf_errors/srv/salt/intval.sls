#!stateconf yaml . jinja
.x: 5
