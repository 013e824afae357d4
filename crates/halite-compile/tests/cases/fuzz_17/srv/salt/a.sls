id3:
  cmd.run:
    - watch_in:
      - file: id14
    - onchanges:
      - sls: c
      - test: id2
      - file: id8
id7:
  test.succeed_without_changes:
    - watch_in:
      - test: id6
      - cmd: id12
id8:
  file.managed:
    - order: 5
    - prereq:
      - test: id17
      - test: id16
id16:
  test.succeed_without_changes:
    - names:
      - id16_n0
    - mode: 600
    - require_any:
      - file: id9
    - onchanges:
      - file: id14
      - file: id4
    - onfail_any:
      - service: id10
      - test: id17
