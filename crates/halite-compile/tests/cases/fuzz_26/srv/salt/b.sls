id9:
  service.running:
    - comment: plain
id11:
  file.managed:
    - mode: 644
    - require_any:
      - id12
      - cmd: id3
      - test: id4
    - onchanges:
      - cmd: id12
      - id3
      - sls: b
