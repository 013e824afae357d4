include:
  - a
  - b
  - c
id3:
  file.managed:
    - use_in:
      - sls: b
      - cmd: id1
    - onfail:
      - service: id6
id6:
  service.running:
    - name: /tmp/n6
    - names:
      - id6_n0
    - mode: 755
    - prereq_in:
      - file: id3
      - test: id1
    - prereq:
      - id11
    - watch_in:
      - test: id2
id8:
  service.running:
    - names:
      - id8_n0
      - id8_n1:
        - comment: c1
      - id8_n2
    - mode: 644
    - onchanges_in:
      - test: id7
      - id9
      - service: id6
id9:
  file.managed:
    - mode: 755
    - prereq:
      - service: id6
extend:
  id1:
    test:
      - mode: 700
      - require:
        - test: id3
