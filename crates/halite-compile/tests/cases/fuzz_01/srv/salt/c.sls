id1:
  cmd.run:
    - names:
      - id1_n0
      - id1_n1:
        - comment: c1
      - id1_n2:
        - comment: c2
    - use:
      - cmd: id7
      - id8
    - onfail_in:
      - id7
      - test: id6
      - test: id2
    - onchanges_in:
      - id10
      - sls: c
      - sls: a
id3:
  cmd.run:
    - use:
      - cmd: id7
      - sls: c
id8:
  test.nop:
    - names:
      - id8_n0
      - id8_n1
      - id8_n2
    - require_any:
      - test: /tmp/n6
      - sls: c
      - cmd: id4
    - listen:
      - id4
    - onchanges:
      - cmd: id4
id9:
  cmd.run:
    - mode: 600
id11:
  file.managed:
    - mode: 755
    - use:
      - test: id10
      - test: id8
    - use_in:
      - test: id6
    - require_in:
      - service: id5
