id0:
  service.running:
    - mode: 644
    - require_in:
      - test: id10
    - onchanges_in:
      - test: id16
      - test: id12
    - listen_in:
      - test: id7
id2:
  cmd.run:
    - name: /tmp/n2
    - order: 5
id8:
  cmd.run:
    - onfail:
      - test: id9
      - cmd: id15
      - service: /tmp/n3
    - use:
      - sls: a
      - cmd: id11
      - test: id10
    - listen:
      - test: id9
      - file: id5
      - sls: b
