fails:
  cmd.run:
    - name: 'exit 3'
after:
  test.nop:
    - require:
      - cmd: fails
