id3:
  cmd.run:
    - order: 100
    - mode: 755
    - onfail_any:
      - service: id0
      - cmd: id11
      - id7
    - onchanges_in:
      - test: /tmp/n12
    - require_in:
      - cmd: id9
      - id7
      - id7
id4:
  cmd.run:
    - name: /tmp/n4
    - names:
      - id4_n0
      - id4_n1
      - id4_n2
    - order: -1
    - mode: 755
    - watch_in:
      - test: /tmp/n6
    - use_in:
      - test: id6
      - sls: main
id6:
  test.succeed_without_changes:
    - name: /tmp/n6
    - mode: 600
    - onfail:
      - test: id12
      - sls: c
    - onfail:
      - test: id10
      - file: id2
id9:
  cmd.run:
    - prereq:
      - cmd: id10
    - watch:
      - test: id6
      - sls: b
    - listen:
      - test: id7
      - test: id7
      - test: id6
