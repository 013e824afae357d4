id0:
  file.managed:
    - names:
      - id0_n0
    - order: 2.5
    - listen_in:
      - id9
      - file: id9
      - test: id3
    - watch_in:
      - cmd: id0
      - test: id10
      - sls: main
id3:
  test.succeed_without_changes:
    - order: -1
    - mode: 644
id6:
  test.succeed_without_changes:
    - mode: 755
    - watch:
      - sls: b
      - sls: b
      - sls: main
