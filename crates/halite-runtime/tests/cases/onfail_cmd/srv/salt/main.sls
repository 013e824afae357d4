broken:
  cmd.run:
    - name: 'exit 2'
rescue:
  cmd.run:
    - name: echo rescued
    - onfail:
      - cmd: broken
not_needed:
  cmd.run:
    - name: echo unused
    - onfail:
      - test: fine
fine:
  test.succeed_without_changes
