include:
  - a
  - b
  - c
id0:
  service.running:
    - name: /tmp/n0
    - prereq:
      - test: id4
      - id7
      - cmd: id3
    - use_in:
      - test: id8
id7:
  service.running:
    - name: /tmp/n7
    - mode: 644
    - watch_in:
      - test: id8
      - id5
    - onfail:
      - sls: c
      - service: id0
      - id1
    - watch_in:
      - test: id5
      - test: id4
id8:
  test.nop:
    - name: /tmp/n8
    - mode: 600
    - use_in:
      - sls: main
      - id6
      - service: id2
id9:
  service.running:
    - order: 10001
    - use:
      - service: id1
    - prereq_in:
      - service: id7
extend:
  id6:
    test:
      - mode: 700
      - require:
        - test: id3
