multi:
  test.succeed_with_changes:
    - names:
      - one
      - two
      - three
after_multi:
  test.nop:
    - require:
      - multi
by_name:
  test.nop:
    - require:
      - test: two
wildcard_type:
  test.nop:
    - require:
      - test: '*'
cmds:
  cmd.run:
    - names:
      - echo a
      - echo b
    - onchanges:
      - test: one
self_sls:
  test.nop:
    - require:
      - sls: main
