id1:
  service.running:
    - name: /tmp/n1
    - order: weird
    - mode: 600
id4:
  service.running:
    - names:
      - id4_n0
      - id4_n1:
        - comment: c1
      - id4_n2
    - require_any:
      - service: id1
    - onfail:
      - test: id3
      - cmd: id4
      - file: id0
id5:
  cmd.run:
    - mode: 600
    - onfail_in:
      - id6
      - sls: main
    - onfail_any:
      - cmd: /tmp/n11
      - service: id4
    - listen_in:
      - test: id8
      - test: id12
id7:
  test.nop:
    - order: -3
    - mode: 644
    - watch_in:
      - cmd: id5
    - onchanges_in:
      - test: id12
      - test: id12
      - id9
id11:
  cmd.run:
    - name: /tmp/n11
    - mode: 600
    - listen_in:
      - test: id11
      - test: id7
      - id10
    - require_in:
      - test: id3
      - id9
      - test: id1
    - watch:
      - test: id11
id12:
  test.succeed_without_changes:
    - comment: plain
