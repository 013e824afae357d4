p1:
  cmd.run:
    - name: echo p1
    - parallel: True
p2:
  cmd.run:
    - name: echo p2
    - parallel: True
after:
  test.nop:
    - require:
      - p1
      - p2
