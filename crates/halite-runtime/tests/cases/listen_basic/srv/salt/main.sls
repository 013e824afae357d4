changer:
  test.succeed_with_changes
nochange:
  test.succeed_without_changes
listener:
  cmd.run:
    - name: echo listening
    - listen:
      - test: changer
listener2:
  test.nop:
    - listen:
      - nochange
listener3:
  test.succeed_without_changes:
    - listen:
      - changer
last:
  test.nop
