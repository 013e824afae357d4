id1:
  test.nop:
    - name: /tmp/n1
    - order: last
    - use_in:
      - file: id17
id3:
  test.succeed_without_changes:
    - require:
      - cmd: id16
      - test: id0
    - onfail:
      - file: /tmp/n15
      - test: id1
    - listen:
      - sls: main
id9:
  test.succeed_without_changes:
    - order: -1
    - require_any:
      - file: id25
      - test: id7
      - id18
    - watch_in:
      - cmd: /tmp/n23
id16:
  cmd.run:
    - name: /tmp/n16
    - mode: 755
    - prereq_in:
      - service: id10
    - listen_in:
      - id20
      - service: id22
    - listen_in:
      - test: id21
      - cmd: id8
id25:
  file.managed:
    - name: /tmp/n25
    - onchanges:
      - sls: c
      - cmd: id16
      - sls: main
    - require_any:
      - test: /tmp/n12
      - cmd: id9
      - test: id14
    - require_any:
      - file: id7
