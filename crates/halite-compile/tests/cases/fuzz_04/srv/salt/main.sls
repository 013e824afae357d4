include:
  - a
  - b
  - c
id2:
  cmd.run:
    - require:
      - cmd: id2
      - sls: main
    - require_in:
      - test: id7
      - file: id4
      - cmd: id2
id5:
  file.managed:
    - name: /tmp/n5
    - names:
      - id5_n0:
        - comment: c0
    - order: first
    - onfail_any:
      - file: id5
    - onfail:
      - test: id10
      - sls: main
      - test: id1
    - listen_in:
      - test: id9
id6:
  file.managed:
    - listen_in:
      - file: id12
      - sls: b
      - test: id7
    - onfail_any:
      - sls: c
      - id2
      - sls: main
id11:
  service.running:
    - names:
      - id11_n0:
        - comment: c0
      - id11_n1:
        - comment: c1
      - id11_n2
    - prereq_in:
      - sls: a
      - cmd: id9
      - test: id10
    - watch_in:
      - cmd: id9
id12:
  file.managed:
    - names:
      - id12_n0:
        - comment: c0
      - id12_n1
      - id12_n2:
        - comment: c2
    - mode: 755
extend:
  id10:
    test:
      - mode: 700
      - require:
        - test: id2
