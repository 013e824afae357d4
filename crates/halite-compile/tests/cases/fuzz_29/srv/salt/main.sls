include:
  - a
  - b
  - c
id0:
  file.managed:
    - require_in:
      - id19
      - service: id8
      - test: id25
    - listen_in:
      - sls: b
      - cmd: id10
    - prereq:
      - file: /tmp/n26
      - test: /tmp/n6
id3:
  test.nop:
    - mode: 600
    - use:
      - cmd: id17
    - onfail_any:
      - file: id26
      - file: id14
      - service: /tmp/n11
id14:
  file.managed:
    - comment: plain
id16:
  service.running:
    - name: /tmp/n16
    - order: 1
    - mode: 755
    - onfail_any:
      - file: id4
      - sls: b
      - id15
id20:
  cmd.run:
    - prereq:
      - test: id27
id22:
  test.nop:
    - mode: 644
    - require_any:
      - cmd: id2
id24:
  test.nop:
    - require_any:
      - cmd: id7
id25:
  test.succeed_without_changes:
    - name: /tmp/n25
    - mode: 600
    - use_in:
      - cmd: id20
    - watch_in:
      - id7
      - id9
id27:
  test.succeed_without_changes:
    - name: /tmp/n27
    - mode: 644
id28:
  test.succeed_without_changes:
    - name: /tmp/n28
    - require:
      - test: id27
    - watch_in:
      - test: id22
      - sls: b
id32:
  service.running:
    - name: /tmp/n32
    - listen_in:
      - test: id21
    - onfail:
      - file: id19
      - cmd: id17
      - file: id0
