include:
  - a
  - b
  - c
id1:
  service.running:
    - name: /tmp/n1
    - order: 100
    - mode: 755
id2:
  service.running:
    - name: /tmp/n2
    - watch_in:
      - test: id7
      - sls: main
      - id4
    - use_in:
      - sls: b
      - service: /tmp/n10
      - id4
id3:
  cmd.run:
    - name: /tmp/n3
    - mode: 644
    - prereq:
      - cmd: id0
      - test: id4
      - cmd: id3
    - onfail_in:
      - test: id7
      - service: id6
id5:
  service.running:
    - name: /tmp/n5
    - order: -1
    - mode: 644
    - watch_in:
      - sls: main
    - prereq_in:
      - sls: c
      - service: id1
      - service: id6
id8:
  service.running:
    - mode: 600
    - onfail:
      - test: id4
      - test: id11
      - cmd: id0
id10:
  service.running:
    - name: /tmp/n10
    - order: 5
    - onchanges_in:
      - cmd: id3
    - watch_in:
      - file: id12
      - sls: a
      - id13
id13:
  service.running:
    - name: /tmp/n13
extend:
  id12:
    file:
      - mode: 700
      - require:
        - test: id11
