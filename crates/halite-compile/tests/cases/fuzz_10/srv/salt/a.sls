id1:
  cmd.run:
    - names:
      - id1_n0
    - order: 1
    - mode: 755
id5:
  service.running:
    - name: /tmp/n5
    - names:
      - id5_n0
      - id5_n1:
        - comment: c1
    - use_in:
      - cmd: id7
    - onfail_in:
      - cmd: id9
    - onchanges_in:
      - test: id2
      - sls: c
      - id0
id9:
  cmd.run:
    - onfail_any:
      - cmd: id0
      - cmd: id9
      - file: id6
