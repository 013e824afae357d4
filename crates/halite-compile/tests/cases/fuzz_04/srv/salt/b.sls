id0:
  test.nop:
    - listen_in:
      - test: id7
      - file: id4
      - file: id12
    - watch:
      - test: id10
    - onfail_any:
      - test: id7
      - sls: a
      - test: id3
id3:
  test.nop:
    - name: /tmp/n3
    - order: 1
    - mode: 644
    - require_in:
      - test: id3
      - test: id3
      - test: id0
    - watch:
      - test: id10
      - test: id9
      - cmd: id9
id4:
  file.managed:
    - mode: 755
    - listen_in:
      - test: id7
      - file: id6
      - test: id3
    - listen_in:
      - file: id6
      - id7
id8:
  test.nop:
    - require:
      - cmd: id9
    - onfail:
      - sls: a
      - test: id1
    - require:
      - id1
      - test: id8
id9:
  cmd.run:
    - order: -1
    - mode: 644
    - onfail:
      - cmd: id9
    - onchanges_in:
      - cmd: id6
      - test: id3
      - test: /tmp/n7
    - listen_in:
      - sls: b
