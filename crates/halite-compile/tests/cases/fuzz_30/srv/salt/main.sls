include:
  - a
  - b
  - c
id7:
  cmd.run:
    - name: /tmp/n7
    - names:
      - id7_n0:
        - comment: c0
    - mode: 644
    - listen_in:
      - test: id4
    - prereq:
      - service: /tmp/n0
    - onchanges:
      - file: id12
id10:
  service.running:
    - name: /tmp/n10
    - names:
      - id10_n0:
        - comment: c0
      - id10_n1:
        - comment: c1
      - id10_n2:
        - comment: c2
    - prereq:
      - test: id15
      - file: id1
      - service: id5
id14:
  test.nop:
    - name: /tmp/n14
    - order: 100
    - onfail_in:
      - test: id21
      - file: /tmp/n1
      - test: id2
    - require_any:
      - service: id32
      - cmd: id10
      - test: id27
id18:
  test.nop:
    - watch_in:
      - file: id26
    - onfail:
      - service: id32
      - file: id26
    - use_in:
      - test: id23
      - id25
id19:
  cmd.run:
    - mode: 600
id29:
  file.managed:
    - order: weird
    - prereq:
      - service: id22
      - cmd: id7
    - onfail_any:
      - file: id17
id31:
  cmd.run:
    - prereq_in:
      - cmd: id8
    - prereq:
      - cmd: id7
extend:
  id30:
    cmd:
      - mode: 700
      - require:
        - test: id8
