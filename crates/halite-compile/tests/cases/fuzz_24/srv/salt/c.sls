id5:
  cmd.run:
    - order: 1
    - watch:
      - cmd: id13
    - onfail:
      - service: id13
    - onchanges:
      - sls: b
      - file: id11
      - cmd: id8
id6:
  test.nop:
    - watch_in:
      - test: id2
