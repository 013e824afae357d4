include:
  - a
  - b
  - c
id5:
  test.succeed_without_changes:
    - order: 5
    - prereq:
      - sls: a
    - watch:
      - cmd: id17
      - test: id33
      - cmd: id29
    - prereq:
      - id30
      - test: id33
      - sls: b
id6:
  test.nop:
    - name: /tmp/n6
    - order: last
    - mode: 644
    - listen_in:
      - service: /tmp/n14
    - use_in:
      - id17
    - listen:
      - id11
id7:
  cmd.run:
    - order: -3
    - onfail_any:
      - test: id32
      - id18
id13:
  cmd.run:
    - name: /tmp/n13
    - mode: 600
    - onfail:
      - cmd: id29
      - test: id27
      - test: id32
id14:
  service.running:
    - name: /tmp/n14
    - require:
      - cmd: id18
id17:
  service.running:
    - order: 2.5
    - listen_in:
      - file: id3
      - test: id23
      - test: id20
    - listen_in:
      - test: id21
      - cmd: /tmp/n13
    - onfail_in:
      - service: id14
      - test: id23
id22:
  service.running:
    - order: 100
    - listen_in:
      - cmd: id21
    - require:
      - id21
      - test: id4
      - sls: a
    - use:
      - service: id10
      - cmd: id28
id27:
  file.managed:
    - name: /tmp/n27
    - mode: 755
id32:
  test.succeed_without_changes:
    - name: /tmp/n32
    - watch_in:
      - cmd: /tmp/n13
      - test: id1
