files:
  test.succeed_with_changes:
    - names:
      - f1
      - f2
svc:
  cmd.run:
    - name: echo restart
    - listen:
      - test: f1
      - test: f2
