exclude:
  - id: id7
id0:
  cmd.run:
    - names:
      - id0_n0
    - mode: 600
    - onchanges:
      - sls: c
id1:
  test.succeed_without_changes:
    - require_in:
      - cmd: id9
      - file: id8
    - onfail_in:
      - service: id2
      - file: id8
    - require:
      - cmd: id10
      - sls: b
id2:
  service.running:
    - name: /tmp/n2
    - mode: 600
    - watch_in:
      - sls: a
      - test: id1
    - prereq:
      - cmd: id11
      - test: id9
id4:
  test.nop:
    - name: /tmp/n4
    - mode: 600
    - prereq:
      - file: id7
      - sls: main
      - id0
id6:
  cmd.run:
    - watch:
      - cmd: id11
      - file: id8
    - require:
      - id5
    - listen:
      - sls: c
      - file: /tmp/n8
