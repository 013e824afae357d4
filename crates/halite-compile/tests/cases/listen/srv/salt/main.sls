listener:
  cmd.run:
    - name: echo listening
    - listen:
      - test: talker
talker:
  test.succeed_with_changes
other_listener:
  cmd.run:
    - name: echo other
    - listen_in:
      - test: talker
