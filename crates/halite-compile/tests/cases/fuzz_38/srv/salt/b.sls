id3:
  file.managed:
    - order: 2.5
    - prereq:
      - file: id17
      - service: id33
      - cmd: id22
id4:
  cmd.run:
    - mode: 600
id10:
  test.nop:
    - comment: plain
id13:
  cmd.run:
    - mode: 644
id21:
  service.running:
    - order: last
    - onfail:
      - test: id26
      - sls: c
    - watch_in:
      - test: id53
    - require_in:
      - test: id61
      - cmd: id50
      - test: id32
id26:
  test.succeed_without_changes:
    - name: /tmp/n26
    - order: first
id27:
  test.nop:
    - names:
      - id27_n0
      - id27_n1
      - id27_n2
    - mode: 755
    - require_in:
      - service: id59
      - test: id31
      - test: id43
    - onfail:
      - sls: a
      - id54
    - watch:
      - cmd: id16
      - service: id32
id31:
  test.succeed_without_changes:
    - name: /tmp/n31
    - mode: 600
    - require_in:
      - id56
      - sls: b
id39:
  test.succeed_without_changes:
    - name: /tmp/n39
    - mode: 600
    - use_in:
      - sls: b
      - test: id31
      - test: id25
    - onfail_any:
      - service: id28
    - onfail_in:
      - test: id60
      - test: id0
      - test: id30
id46:
  test.nop:
    - name: /tmp/n46
    - mode: 600
    - onchanges_in:
      - sls: c
    - prereq_in:
      - sls: b
id47:
  file.managed:
    - mode: 600
    - onchanges_in:
      - sls: a
      - cmd: id42
    - use:
      - test: id52
      - file: id1
    - require_in:
      - service: id33
      - sls: main
      - sls: c
id50:
  cmd.run:
    - name: /tmp/n50
    - names:
      - id50_n0
    - prereq:
      - id28
      - sls: a
    - listen:
      - sls: a
      - service: id28
      - file: id57
    - onfail_in:
      - test: id37
      - sls: c
id53:
  service.running:
    - mode: 755
    - require_any:
      - id50
      - sls: b
    - require_in:
      - file: id3
      - id51
id57:
  file.managed:
    - onchanges_in:
      - test: id11
      - cmd: id36
    - prereq_in:
      - cmd: id59
      - sls: main
      - sls: b
id58:
  test.nop:
    - name: /tmp/n58
    - mode: 600
    - use:
      - service: id28
      - id30
    - onfail:
      - test: id0
    - prereq:
      - service: /tmp/n24
id61:
  test.nop:
    - mode: 644
    - use_in:
      - cmd: id19
      - test: id19
      - sls: main
    - onfail_in:
      - cmd: id22
    - use:
      - id37
      - sls: c
