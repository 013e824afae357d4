id10:
  test.nop:
    - name: /tmp/n10
    - mode: 755
id11:
  test.nop:
    - names:
      - id11_n0:
        - comment: c0
      - id11_n1
      - id11_n2
    - order: 10001
    - mode: 600
    - use_in:
      - test: id10
    - prereq_in:
      - test: id29
      - test: id56
      - test: id39
    - listen:
      - test: id37
      - sls: c
      - service: id7
id12:
  file.managed:
    - order: 1
id15:
  file.managed:
    - mode: 755
    - onchanges_in:
      - sls: c
      - cmd: id27
      - test: id29
    - require_any:
      - id21
      - test: id11
id20:
  test.nop:
    - mode: 644
    - onfail:
      - file: /tmp/n41
      - service: id21
    - watch:
      - cmd: id13
      - id40
id21:
  service.running:
    - name: /tmp/n21
    - names:
      - id21_n0:
        - comment: c0
      - id21_n1
    - mode: 755
    - watch_in:
      - sls: a
id24:
  cmd.run:
    - mode: 644
    - onchanges_in:
      - service: id21
    - onchanges_in:
      - test: id4
      - test: id49
      - service: /tmp/n22
    - require_in:
      - test: id38
      - id15
id28:
  test.nop:
    - names:
      - id28_n0
      - id28_n1:
        - comment: c1
      - id28_n2
    - mode: 600
    - use_in:
      - sls: b
      - test: id26
    - onchanges_in:
      - test: id36
    - onfail:
      - service: id6
      - test: id26
id33:
  file.managed:
    - mode: 600
    - onchanges:
      - cmd: id48
      - service: id30
    - require:
      - test: id45
id40:
  service.running:
    - order: last
id42:
  test.nop:
    - names:
      - id42_n0:
        - comment: c0
      - id42_n1:
        - comment: c1
    - order: first
    - mode: 755
    - watch:
      - sls: main
id45:
  test.succeed_without_changes:
    - listen:
      - test: id37
      - service: id7
      - service: id34
    - require_in:
      - sls: main
      - test: id37
      - test: id27
id46:
  test.succeed_without_changes:
    - name: /tmp/n46
    - mode: 600
    - use_in:
      - file: id48
      - service: id13
    - onchanges_in:
      - service: id52
      - cmd: id16
    - use:
      - test: id10
      - test: id37
      - sls: a
id51:
  file.managed:
    - order: -1
    - require:
      - service: id7
      - sls: main
id54:
  service.running:
    - onfail_in:
      - cmd: id24
    - listen_in:
      - sls: c
