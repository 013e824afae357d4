id10:
  cmd.run:
    - watch_in:
      - file: id9
      - cmd: id2
      - test: id8
    - onfail_any:
      - test: id6
      - file: id9
