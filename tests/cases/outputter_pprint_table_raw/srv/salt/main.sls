short:
  test.nop
a state with a rather long name that will not fit on one line of eighty columns:
  test.succeed_without_changes:
    - name: "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore"
lines:
  cmd.run:
    - name: printf 'first\nsecond line of the output\n'
    - require:
      - test: short
