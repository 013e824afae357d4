include:
  - a
  - b
  - c
id0:
  file.managed:
    - name: /tmp/n0
    - onchanges:
      - service: id30
id1:
  cmd.run:
    - order: last
    - mode: 600
id4:
  test.nop:
    - name: /tmp/n4
    - use_in:
      - test: /tmp/n36
      - test: id28
    - onchanges:
      - test: id28
id7:
  service.running:
    - comment: plain
id16:
  cmd.run:
    - name: /tmp/n16
    - require:
      - file: id25
      - cmd: id24
    - require:
      - id25
id17:
  file.managed:
    - require_any:
      - file: id33
      - file: id5
      - test: id4
    - listen:
      - id49
      - file: id19
    - watch_in:
      - sls: c
      - sls: c
      - file: id53
id18:
  cmd.run:
    - names:
      - id18_n0
    - listen:
      - service: id50
id22:
  service.running:
    - name: /tmp/n22
    - onfail_any:
      - sls: main
      - sls: main
      - service: id32
    - onchanges:
      - test: /tmp/n46
      - cmd: id44
id25:
  file.managed:
    - name: /tmp/n25
    - names:
      - id25_n0
    - listen_in:
      - service: id22
      - test: id42
id26:
  test.succeed_without_changes:
    - comment: plain
id29:
  test.succeed_without_changes:
    - listen:
      - sls: b
      - test: id26
id32:
  service.running:
    - names:
      - id32_n0
      - id32_n1:
        - comment: c1
    - mode: 644
    - onfail:
      - sls: a
    - listen_in:
      - cmd: /tmp/n16
      - cmd: id55
    - require_in:
      - file: id51
id35:
  file.managed:
    - onfail:
      - cmd: id3
      - sls: a
      - test: id39
    - watch_in:
      - service: id6
      - cmd: id37
id44:
  cmd.run:
    - order: 1
    - mode: 644
id48:
  file.managed:
    - name: /tmp/n48
    - mode: 644
    - watch_in:
      - test: id49
id49:
  test.nop:
    - order: first
    - listen:
      - service: id54
id53:
  file.managed:
    - name: /tmp/n53
    - mode: 755
    - watch:
      - service: id54
      - cmd: id18
    - listen:
      - file: id41
      - sls: c
      - test: id42
    - require:
      - test: id3
      - file: id17
      - service: id6
id55:
  cmd.run:
    - names:
      - id55_n0
    - watch_in:
      - test: id46
      - id47
