id0:
  file.managed:
    - name: /tmp/n0
    - mode: 755
    - onfail_in:
      - sls: b
    - prereq:
      - cmd: id23
    - require_in:
      - file: id24
      - cmd: id27
      - test: id26
id1:
  service.running:
    - mode: 755
id7:
  test.nop:
    - names:
      - id7_n0
      - id7_n1
    - mode: 600
id13:
  test.nop:
    - mode: 755
id18:
  cmd.run:
    - name: /tmp/n18
    - mode: 600
    - listen:
      - test: id26
      - id11
      - file: id9
    - require_in:
      - file: /tmp/n0
      - file: id19
id23:
  test.nop:
    - watch:
      - file: id17
id25:
  cmd.run:
    - names:
      - id25_n0
