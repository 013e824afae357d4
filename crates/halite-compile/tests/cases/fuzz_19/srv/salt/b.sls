id1:
  service.running:
    - name: /tmp/n1
    - names:
      - id1_n0
      - id1_n1
    - onchanges_in:
      - id3
      - id4
    - onchanges:
      - test: id8
    - onfail:
      - sls: a
      - test: id8
      - cmd: id3
id3:
  cmd.run:
    - name: /tmp/n3
    - names:
      - id3_n0
      - id3_n1
    - order: 5
    - mode: 644
id4:
  test.nop:
    - names:
      - id4_n0:
        - comment: c0
      - id4_n1:
        - comment: c1
      - id4_n2:
        - comment: c2
    - order: 100
    - use_in:
      - id7
      - service: /tmp/n2
      - service: id7
id5:
  test.nop:
    - order: 1
    - onfail_any:
      - test: id6
    - watch:
      - sls: main
