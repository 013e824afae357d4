id0:
  cmd.run:
    - onchanges_in:
      - service: id2
      - cmd: /tmp/n3
    - onchanges:
      - test: id7
      - id11
      - cmd: id9
    - onchanges:
      - service: id2
id4:
  test.nop:
    - listen_in:
      - sls: a
      - service: id2
    - listen:
      - sls: c
id6:
  service.running:
    - names:
      - id6_n0
    - mode: 755
id11:
  test.nop:
    - mode: 644
    - require:
      - sls: b
    - use:
      - service: /tmp/n5
      - cmd: id14
      - sls: b
id12:
  file.managed:
    - name: /tmp/n12
    - names:
      - id12_n0:
        - comment: c0
    - order: first
    - mode: 755
id14:
  cmd.run:
    - order: 2.5
    - use_in:
      - service: id10
