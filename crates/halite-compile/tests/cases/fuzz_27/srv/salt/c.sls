id3:
  test.succeed_without_changes:
    - name: /tmp/n3
    - mode: 755
    - listen_in:
      - file: id0
      - test: id12
      - sls: a
    - onfail_in:
      - cmd: id11
    - onchanges:
      - test: id1
      - file: id2
id6:
  test.nop:
    - order: weird
id8:
  file.managed:
    - name: /tmp/n8
    - use_in:
      - file: id2
      - sls: a
    - watch:
      - cmd: id2
      - cmd: id4
      - service: id16
    - watch_in:
      - file: id13
      - id2
      - test: id12
