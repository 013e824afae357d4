include:
  - a
  - b
  - c
id1:
  file.managed:
    - comment: plain
id2:
  file.managed:
    - mode: 600
    - require_any:
      - file: id2
      - test: id9
id3:
  cmd.run:
    - name: /tmp/n3
    - names:
      - id3_n0:
        - comment: c0
    - onchanges_in:
      - sls: c
      - cmd: /tmp/n3
      - cmd: id12
    - onchanges_in:
      - test: /tmp/n5
    - onfail_any:
      - test: id5
id6:
  cmd.run:
    - names:
      - id6_n0:
        - comment: c0
      - id6_n1
    - onfail_any:
      - id15
      - file: id1
      - cmd: id4
id7:
  file.managed:
    - name: /tmp/n7
    - names:
      - id7_n0
      - id7_n1:
        - comment: c1
      - id7_n2
    - mode: 644
    - onfail_in:
      - test: id15
    - onfail_any:
      - file: id0
      - sls: b
      - file: id2
    - require_in:
      - sls: main
id11:
  cmd.run:
    - name: /tmp/n11
    - mode: 644
    - onfail_in:
      - id3
      - id7
id14:
  service.running:
    - name: /tmp/n14
    - mode: 644
    - watch_in:
      - id1
      - cmd: /tmp/n4
      - test: id5
    - onchanges_in:
      - test: id9
      - service: id14
    - require_any:
      - test: /tmp/n15
      - cmd: /tmp/n12
id16:
  test.succeed_without_changes:
    - names:
      - id16_n0
      - id16_n1
      - id16_n2
extend:
  id0:
    file:
      - mode: 700
      - require:
        - test: id9
