include:
  - a
  - b
  - c
id1:
  test.succeed_without_changes:
    - names:
      - id1_n0
    - onchanges_in:
      - sls: c
      - test: id8
      - sls: main
    - watch:
      - sls: main
id5:
  test.succeed_without_changes:
    - name: /tmp/n5
    - names:
      - id5_n0
      - id5_n1
      - id5_n2:
        - comment: c2
    - order: 10001
id8:
  test.nop:
    - mode: 600
id10:
  test.nop:
    - name: /tmp/n10
    - names:
      - id10_n0
      - id10_n1
      - id10_n2
    - mode: 644
    - use:
      - service: id9
      - test: id1
    - use_in:
      - file: id7
      - test: id2
      - sls: a
    - onchanges_in:
      - id0
extend:
  id5:
    test:
      - mode: 700
      - require:
        - test: id10
