c1:
  test.succeed_with_changes
c2:
  test.succeed_with_changes
quiet:
  test.succeed_without_changes
l1:
  cmd.run:
    - name: echo l1
    - listen:
      - c1
      - c2
l2:
  cmd.run:
    - name: echo l2
    - listen:
      - quiet
l3:
  test.nop:
    - listen:
      - test: c1
