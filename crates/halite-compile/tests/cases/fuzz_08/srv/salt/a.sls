id2:
  cmd.run:
    - mode: 755
    - prereq:
      - cmd: id2
      - test: id0
      - cmd: id2
    - onfail:
      - sls: b
    - prereq:
      - cmd: id3
      - cmd: id9
      - file: id6
