p_fail:
  cmd.run:
    - name: 'exit 1'
    - parallel: True
p_ok:
  test.succeed_with_changes:
    - parallel: True
after_fail:
  test.nop:
    - require:
      - p_fail
