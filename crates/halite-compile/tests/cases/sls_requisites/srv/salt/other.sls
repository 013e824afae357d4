o1:
  test.nop
o2:
  cmd.run:
    - name: echo o2
  test.nop: []
