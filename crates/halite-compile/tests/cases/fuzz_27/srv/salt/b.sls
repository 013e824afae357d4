id0:
  file.managed:
    - name: /tmp/n0
    - names:
      - id0_n0
      - id0_n1
    - order: last
    - use_in:
      - id2
      - test: id6
id2:
  file.managed:
    - name: /tmp/n2
    - use_in:
      - cmd: id4
      - file: id1
      - test: id7
id7:
  test.nop:
    - mode: 600
    - onchanges:
      - test: id5
      - cmd: id15
    - watch:
      - sls: main
      - test: id6
      - cmd: id15
    - onchanges_in:
      - sls: c
      - sls: main
id9:
  service.running:
    - require_any:
      - sls: a
      - sls: b
      - sls: c
id11:
  test.nop:
    - require_any:
      - test: id3
      - sls: c
    - onfail_any:
      - service: id5
      - sls: main
    - onchanges:
      - test: id10
id16:
  service.running:
    - names:
      - id16_n0
      - id16_n1:
        - comment: c1
      - id16_n2
    - mode: 644
    - listen_in:
      - test: id3
    - listen_in:
      - sls: b
    - use_in:
      - sls: b
      - sls: b
      - file: id2
