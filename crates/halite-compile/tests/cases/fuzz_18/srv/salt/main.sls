include:
  - a
  - b
  - c
id0:
  cmd.run:
    - name: /tmp/n0
    - order: 100
    - use_in:
      - sls: a
      - file: id11
      - id3
id4:
  file.managed:
    - mode: 644
    - use_in:
      - sls: b
    - prereq:
      - test: id3
      - cmd: id1
      - service: id10
