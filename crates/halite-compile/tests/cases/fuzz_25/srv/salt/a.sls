id5:
  service.running:
    - order: 100
    - require_in:
      - service: id14
      - service: id14
    - listen_in:
      - test: id0
id10:
  service.running:
    - name: /tmp/n10
    - onfail_in:
      - sls: a
id12:
  test.nop:
    - order: 1
    - mode: 755
    - use:
      - file: id9
      - id15
