id4:
  cmd.run:
    - order: 100
    - onfail:
      - sls: main
    - use_in:
      - cmd: id15
    - use:
      - id7
      - service: id5
id10:
  test.nop:
    - mode: 600
id13:
  file.managed:
    - order: 1
    - mode: 755
