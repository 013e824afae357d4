include:
  - a
  - b
  - c
id2:
  test.nop:
    - name: /tmp/n2
    - order: weird
id8:
  test.succeed_without_changes:
    - name: /tmp/n8
    - names:
      - id8_n0:
        - comment: c0
      - id8_n1
    - require:
      - service: id10
    - onfail:
      - test: id0
id11:
  file.managed:
    - mode: 644
    - use:
      - test: id2
      - test: id5
      - sls: a
    - listen:
      - sls: a
      - file: /tmp/n5
    - listen:
      - test: id8
extend:
  id6:
    cmd:
      - mode: 700
      - require:
        - test: id7
