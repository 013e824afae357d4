short1: test.nop
explicit:
  test.present:
    - order: 5
implicit:
  test.present:
    - v: 1
last:
  test.present:
    - order: last
first:
  test.present:
    - order: first
short2: test.succeed_without_changes
big:
  test.present:
    - order: 200000
two:
  test.nop: []
  cmd.run:
    - name: echo
