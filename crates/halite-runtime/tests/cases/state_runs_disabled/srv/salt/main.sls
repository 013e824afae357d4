ok:
  test.succeed_with_changes
bad:
  test.fail_without_changes
run:
  cmd.run:
    - name: echo hi
needs_bad:
  test.nop:
    - require:
      - test: bad
watches_run:
  test.nop:
    - watch:
      - cmd: run
last:
  test.succeed_without_changes
