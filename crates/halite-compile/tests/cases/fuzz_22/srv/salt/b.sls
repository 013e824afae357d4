id2:
  test.nop:
    - name: /tmp/n2
    - names:
      - id2_n0:
        - comment: c0
      - id2_n1:
        - comment: c1
      - id2_n2
    - mode: 600
    - use:
      - sls: a
      - file: id3
      - test: id8
id10:
  test.succeed_without_changes:
    - order: 10001
    - use:
      - file: id9
      - test: id5
      - sls: main
id11:
  service.running:
    - name: /tmp/n11
