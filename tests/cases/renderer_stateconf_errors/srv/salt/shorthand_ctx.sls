#!stateconf yaml . jinja
gconf:
  stateconf.set:
    - v: 1
.c2:
  stateconf:
    - set
    - w: 2
.show:
  test.nop:
    - name: "{{ tplfile }}"
