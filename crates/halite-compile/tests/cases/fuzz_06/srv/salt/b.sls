id2:
  file.managed:
    - names:
      - id2_n0
      - id2_n1:
        - comment: c1
      - id2_n2
    - mode: 644
    - listen:
      - cmd: id8
      - file: id2
      - test: id5
id3:
  cmd.run:
    - onfail_in:
      - file: id2
      - sls: main
      - test: id9
    - onfail_in:
      - test: id3
id6:
  service.running:
    - order: 2.5
    - require_in:
      - file: id7
      - test: id2
      - sls: main
id8:
  cmd.run:
    - order: -3
    - mode: 755
id10:
  test.nop:
    - order: 5
    - mode: 755
    - prereq_in:
      - sls: a
      - id3
    - prereq_in:
      - sls: b
      - test: id9
