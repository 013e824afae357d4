include:
  - a
  - b
  - c
id6:
  service.running:
    - name: /tmp/n6
    - mode: 644
    - prereq:
      - sls: a
      - test: id19
    - prereq_in:
      - cmd: id8
    - onfail_in:
      - test: id43
      - sls: main
      - file: /tmp/n16
id9:
  test.succeed_without_changes:
    - name: /tmp/n9
    - mode: 600
    - watch:
      - cmd: id51
      - file: id3
      - file: id56
    - listen:
      - test: id46
    - onchanges_in:
      - cmd: id22
      - cmd: id43
id18:
  test.succeed_without_changes:
    - names:
      - id18_n0
    - onfail_any:
      - file: id42
id20:
  test.nop:
    - comment: plain
id24:
  service.running:
    - name: /tmp/n24
    - names:
      - id24_n0:
        - comment: c0
    - order: -3
    - require:
      - file: id42
      - sls: c
      - test: id27
id25:
  test.succeed_without_changes:
    - name: /tmp/n25
id32:
  service.running:
    - names:
      - id32_n0:
        - comment: c0
    - onfail_in:
      - id40
      - id48
      - test: id19
id33:
  service.running:
    - onchanges:
      - test: id23
      - sls: a
    - listen:
      - service: id24
      - id25
      - test: id30
    - onchanges:
      - test: id39
      - sls: b
      - test: id45
id35:
  cmd.run:
    - name: /tmp/n35
    - mode: 755
id38:
  service.running:
    - order: -1
    - onfail:
      - id10
      - id7
      - test: id39
    - watch_in:
      - id23
    - use:
      - service: id21
      - test: id31
      - id15
id41:
  test.succeed_without_changes:
    - mode: 600
    - require_in:
      - test: id58
    - prereq_in:
      - test: id5
      - test: id20
    - onfail:
      - file: id29
      - id18
id42:
  file.managed:
    - name: /tmp/n42
    - order: 10001
    - mode: 755
    - watch:
      - service: id33
      - cmd: id4
id48:
  test.nop:
    - name: /tmp/n48
    - watch_in:
      - test: id40
      - service: id6
    - require_any:
      - service: id33
      - test: /tmp/n23
      - cmd: id50
    - watch:
      - file: id49
      - id3
id56:
  file.managed:
    - use_in:
      - test: id11
      - sls: main
      - service: id53
    - listen_in:
      - id39
      - file: id42
      - service: id38
    - use_in:
      - test: /tmp/n23
      - test: /tmp/n30
      - test: id40
id60:
  test.succeed_without_changes:
    - name: /tmp/n60
    - prereq:
      - test: id41
