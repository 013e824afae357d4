id4:
  service.running:
    - mode: 600
id5:
  test.nop:
    - order: first
    - mode: 600
id6:
  cmd.run:
    - comment: plain
