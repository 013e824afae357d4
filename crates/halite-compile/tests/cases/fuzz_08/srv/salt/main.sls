include:
  - a
  - b
  - c
id1:
  test.nop:
    - name: /tmp/n1
    - order: weird
    - mode: 755
    - require_in:
      - file: id6
      - service: id12
      - sls: b
    - onchanges_in:
      - id8
      - service: /tmp/n4
      - test: id8
    - require_in:
      - sls: a
      - cmd: id0
      - cmd: id3
id6:
  file.managed:
    - onfail:
      - sls: a
    - prereq_in:
      - sls: c
      - test: /tmp/n5
      - cmd: id0
    - use:
      - test: id1
id9:
  cmd.run:
    - names:
      - id9_n0:
        - comment: c0
      - id9_n1:
        - comment: c1
      - id9_n2:
        - comment: c2
    - mode: 755
    - onchanges:
      - test: id11
      - test: id11
      - id8
    - require_in:
      - id5
      - sls: main
      - test: id5
