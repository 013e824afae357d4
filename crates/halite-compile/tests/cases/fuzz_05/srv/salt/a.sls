id2:
  test.nop:
    - name: /tmp/n2
    - mode: 600
    - watch:
      - cmd: id3
      - cmd: id3
      - cmd: id7
    - onchanges_in:
      - test: id7
      - service: id11
      - sls: b
    - watch:
      - test: id1
      - test: id9
id3:
  cmd.run:
    - order: -1
id4:
  test.nop:
    - mode: 600
    - require_in:
      - service: id0
      - test: id9
id10:
  test.succeed_without_changes:
    - name: /tmp/n10
    - names:
      - id10_n0
      - id10_n1
    - prereq:
      - sls: c
      - test: id8
      - sls: b
    - require:
      - test: id7
    - prereq:
      - sls: main
id11:
  service.running:
    - mode: 600
id12:
  test.succeed_without_changes:
    - order: first
    - prereq_in:
      - test: id9
      - cmd: id3
    - require_any:
      - cmd: id0
      - test: id4
      - id13
    - onfail:
      - id5
      - cmd: id8
      - test: id8
id13:
  cmd.run:
    - name: /tmp/n13
    - mode: 644
    - listen_in:
      - id10
      - test: id7
