include:
  - a
  - b
  - c
id6:
  test.succeed_without_changes:
    - comment: plain
id9:
  file.managed:
    - name: /tmp/n9
    - order: last
    - watch_in:
      - file: id8
      - file: id0
    - require:
      - service: id10
    - use:
      - sls: c
id12:
  cmd.run:
    - name: /tmp/n12
    - names:
      - id12_n0:
        - comment: c0
      - id12_n1:
        - comment: c1
      - id12_n2
    - onfail_in:
      - service: id10
    - onchanges:
      - id1
      - file: /tmp/n9
      - cmd: id3
    - watch_in:
      - test: id7
id13:
  file.managed:
    - name: /tmp/n13
    - mode: 644
    - onchanges:
      - test: id6
      - file: id4
      - file: id4
id15:
  cmd.run:
    - name: /tmp/n15
    - require_in:
      - test: id17
