include:
  - a
  - b
  - c
id4:
  file.managed:
    - name: /tmp/n4
    - names:
      - id4_n0
    - mode: 644
    - onfail:
      - test: id3
    - require_any:
      - id4
      - cmd: id3
id8:
  test.nop:
    - names:
      - id8_n0:
        - comment: c0
    - mode: 600
    - onchanges_in:
      - sls: main
      - test: /tmp/n7
      - test: id7
id9:
  test.nop:
    - name: /tmp/n9
    - order: -3
    - mode: 755
extend:
  id6:
    service:
      - mode: 700
      - require:
        - test: id9
