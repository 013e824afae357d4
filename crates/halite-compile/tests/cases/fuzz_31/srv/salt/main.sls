include:
  - a
  - b
  - c
id2:
  service.running:
    - name: /tmp/n2
id4:
  test.nop:
    - name: /tmp/n4
    - prereq:
      - cmd: id23
      - cmd: id23
      - id13
    - require_any:
      - file: id20
      - cmd: id23
      - id11
id6:
  test.nop:
    - name: /tmp/n6
    - watch:
      - test: id9
    - onfail_any:
      - cmd: id23
      - test: id13
      - file: id15
id11:
  test.nop:
    - comment: plain
id20:
  file.managed:
    - names:
      - id20_n0:
        - comment: c0
      - id20_n1:
        - comment: c1
      - id20_n2
    - mode: 644
    - use:
      - test: id9
      - cmd: id23
      - test: id14
    - use_in:
      - test: id4
      - sls: b
id22:
  service.running:
    - name: /tmp/n22
    - names:
      - id22_n0:
        - comment: c0
      - id22_n1:
        - comment: c1
    - mode: 755
    - onfail_in:
      - id23
      - sls: b
id23:
  cmd.run:
    - name: /tmp/n23
    - onchanges_in:
      - service: id22
      - test: id20
      - test: id22
    - require_any:
      - test: /tmp/n4
    - onfail:
      - file: /tmp/n15
      - test: id14
extend:
  id21:
    test:
      - mode: 700
      - require:
        - test: id15
