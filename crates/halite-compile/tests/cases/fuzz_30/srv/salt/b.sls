id0:
  service.running:
    - name: /tmp/n0
    - order: 2.5
    - require:
      - cmd: id31
    - require:
      - cmd: id5
id8:
  cmd.run:
    - onfail_in:
      - service: id0
    - onfail:
      - id19
      - cmd: id7
      - test: id18
id9:
  service.running:
    - names:
      - id9_n0:
        - comment: c0
      - id9_n1
      - id9_n2
    - mode: 644
id11:
  test.succeed_without_changes:
    - names:
      - id11_n0:
        - comment: c0
      - id11_n1
      - id11_n2
    - order: weird
    - mode: 600
    - require_any:
      - cmd: /tmp/n7
id12:
  file.managed:
    - order: first
    - mode: 600
    - listen_in:
      - file: id17
    - prereq:
      - sls: a
      - test: id14
id15:
  test.succeed_without_changes:
    - names:
      - id15_n0:
        - comment: c0
    - mode: 600
    - watch:
      - cmd: id7
id20:
  cmd.run:
    - name: /tmp/n20
    - mode: 755
id21:
  test.succeed_without_changes:
    - order: 100
    - mode: 644
    - watch:
      - cmd: id7
      - test: id23
      - cmd: id22
id28:
  test.nop:
    - require:
      - sls: b
      - file: /tmp/n1
    - require:
      - service: id9
id30:
  cmd.run:
    - comment: plain
id33:
  file.managed:
    - name: /tmp/n33
    - onchanges_in:
      - test: id15
      - sls: c
    - listen:
      - sls: main
      - id19
    - use:
      - service: id10
