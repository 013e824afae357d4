include:
  - a
  - b
  - c
id7:
  file.managed:
    - mode: 755
id8:
  file.managed:
    - name: /tmp/n8
    - order: 1
    - mode: 644
    - listen_in:
      - service: /tmp/n2
      - test: id1
id9:
  test.nop:
    - order: 100
id10:
  cmd.run:
    - name: /tmp/n10
    - mode: 755
    - onfail_in:
      - id9
      - service: id2
    - onfail_in:
      - sls: main
