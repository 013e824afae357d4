#!stateconf yaml . jinja
# nothing
