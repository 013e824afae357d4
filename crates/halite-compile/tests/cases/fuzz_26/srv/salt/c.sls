id2:
  test.nop:
    - watch:
      - test: id10
      - cmd: id0
      - id0
    - require_in:
      - test: id5
      - test: id1
    - onchanges:
      - id0
      - id7
      - test: id5
id4:
  test.succeed_without_changes:
    - mode: 600
    - require_any:
      - test: id5
      - test: id8
    - use:
      - cmd: id0
      - cmd: id12
      - cmd: id0
    - use:
      - sls: a
id7:
  file.managed:
    - name: /tmp/n7
    - names:
      - id7_n0
      - id7_n1
    - watch_in:
      - sls: b
      - cmd: id10
    - watch:
      - cmd: id0
      - sls: b
    - prereq:
      - cmd: id3
      - sls: c
      - sls: b
id12:
  cmd.run:
    - comment: plain
