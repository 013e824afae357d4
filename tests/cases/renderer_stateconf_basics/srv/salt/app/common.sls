#!stateconf -o yaml . jinja
.one:
  test.succeed_without_changes

.two:
  test.nop:
    - name: second {{ sls_dir }}

three:
  test.nop
