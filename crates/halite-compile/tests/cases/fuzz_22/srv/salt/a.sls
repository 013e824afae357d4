id0:
  test.nop:
    - mode: 600
    - watch:
      - cmd: id9
      - test: id7
    - onfail_in:
      - cmd: id3
      - test: /tmp/n7
      - sls: c
id4:
  service.running:
    - mode: 755
    - onfail_any:
      - file: id3
    - onchanges_in:
      - file: id3
      - service: id8
      - id2
    - require:
      - sls: c
      - test: /tmp/n7
