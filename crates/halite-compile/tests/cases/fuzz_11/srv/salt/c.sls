id0:
  cmd.run:
    - mode: 600
id2:
  service.running:
    - names:
      - id2_n0
      - id2_n1:
        - comment: c1
    - mode: 600
    - listen_in:
      - cmd: id12
      - service: id6
      - cmd: id9
id6:
  service.running:
    - order: 2.5
    - mode: 755
    - require_in:
      - service: id2
      - service: id15
      - sls: b
    - use:
      - sls: b
    - listen_in:
      - test: id1
      - cmd: id11
id13:
  service.running:
    - names:
      - id13_n0:
        - comment: c0
      - id13_n1
    - order: 10001
    - prereq_in:
      - sls: main
      - sls: a
    - require_any:
      - cmd: id9
      - cmd: id0
