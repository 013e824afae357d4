cmd_a:
  cmd.run:
    - name: echo a
cmd_b:
  cmd.run:
    - name: 'exit 1'
all_cmds:
  test.nop:
    - require:
      - cmd: 'cmd_*'
any_cmd:
  test.nop:
    - require_any:
      - cmd: 'cmd_*'
watch_glob:
  test.nop:
    - watch:
      - cmd: '*'
