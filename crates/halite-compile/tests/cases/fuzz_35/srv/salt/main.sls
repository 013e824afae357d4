include:
  - a
  - b
  - c
id4:
  file.managed:
    - name: /tmp/n4
    - mode: 644
    - prereq:
      - cmd: id32
id5:
  test.nop:
    - order: first
id11:
  test.succeed_without_changes:
    - onfail_in:
      - cmd: id32
id15:
  test.nop:
    - mode: 755
    - watch:
      - test: id0
    - use:
      - id10
      - test: id30
      - file: id63
id18:
  file.managed:
    - mode: 600
    - prereq_in:
      - cmd: id57
      - sls: a
      - service: id41
    - require:
      - test: id42
      - sls: main
      - service: id24
id21:
  test.nop:
    - name: /tmp/n21
    - names:
      - id21_n0
      - id21_n1
    - require:
      - service: id27
    - watch_in:
      - test: id11
    - onfail:
      - file: id1
      - cmd: id57
id31:
  service.running:
    - mode: 644
id38:
  cmd.run:
    - name: /tmp/n38
    - prereq_in:
      - test: id36
id39:
  test.succeed_without_changes:
    - order: 100
    - mode: 600
    - require:
      - file: id50
id40:
  cmd.run:
    - name: /tmp/n40
    - names:
      - id40_n0
      - id40_n1
    - watch:
      - id51
    - prereq_in:
      - test: id6
      - file: id18
    - prereq:
      - file: id4
id41:
  service.running:
    - name: /tmp/n41
    - prereq_in:
      - id5
      - test: id24
      - file: id58
    - require:
      - service: id31
      - test: id5
      - id17
id51:
  service.running:
    - name: /tmp/n51
    - listen_in:
      - cmd: id52
id55:
  cmd.run:
    - name: /tmp/n55
    - mode: 600
    - onfail_in:
      - test: id6
      - test: id30
      - test: id11
id59:
  test.nop:
    - comment: plain
id60:
  test.succeed_without_changes:
    - name: /tmp/n60
    - order: -1
    - onfail_any:
      - sls: a
      - test: id0
      - cmd: id14
    - use:
      - test: id20
      - service: id31
      - test: id49
id62:
  test.succeed_without_changes:
    - order: weird
    - watch_in:
      - file: id3
      - test: id45
    - onfail:
      - test: id41
      - sls: a
      - test: id60
extend:
  id33:
    test:
      - mode: 700
      - require:
        - test: id26
