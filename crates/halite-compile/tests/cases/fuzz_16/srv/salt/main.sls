include:
  - a
  - b
  - c
id3:
  file.managed:
    - name: /tmp/n3
    - mode: 755
id7:
  cmd.run:
    - name: /tmp/n7
    - names:
      - id7_n0
    - mode: 600
    - use_in:
      - id3
    - listen_in:
      - file: id10
id10:
  file.managed:
    - name: /tmp/n10
    - mode: 644
    - require_in:
      - file: id3
      - file: id12
    - require:
      - test: id5
      - file: id9
      - test: id4
    - require:
      - sls: a
      - service: id13
id12:
  file.managed:
    - names:
      - id12_n0:
        - comment: c0
    - mode: 755
id13:
  service.running:
    - name: /tmp/n13
    - names:
      - id13_n0
    - onchanges_in:
      - cmd: /tmp/n1
extend:
  id10:
    file:
      - mode: 700
      - require:
        - test: id14
