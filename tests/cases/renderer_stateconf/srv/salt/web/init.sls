#!stateconf yaml . jinja
include:
  - web.site
  - first
.a:
  test.nop:
    - name: "web sees {{ shared.colour }}"
.b:
  test.succeed_with_changes:
    - require:
      - test: .a
.c:
  cmd.run:
    - name: echo c
    - watch:
      - test: .b
    - require:
      - stateconf: web.site::goal
