id1:
  cmd.run:
    - mode: 755
    - onfail:
      - cmd: id9
      - id8
    - use:
      - service: id10
      - sls: c
id5:
  cmd.run:
    - name: /tmp/n5
    - order: first
    - listen_in:
      - sls: main
      - id1
    - require:
      - service: id9
      - sls: a
      - service: id11
    - onchanges:
      - sls: main
      - service: id9
id6:
  file.managed:
    - require:
      - test: id13
      - cmd: id12
    - use:
      - service: id11
      - test: id7
      - cmd: id7
id12:
  test.succeed_without_changes:
    - names:
      - id12_n0:
        - comment: c0
      - id12_n1
      - id12_n2
id13:
  test.succeed_without_changes:
    - name: /tmp/n13
    - require:
      - test: id2
    - use:
      - test: id5
