exclude:
  - id: id7
id3:
  cmd.run:
    - onchanges_in:
      - file: id0
      - test: /tmp/n7
    - onfail_any:
      - file: id0
id10:
  cmd.run:
    - order: 5
    - onchanges:
      - sls: main
