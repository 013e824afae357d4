exclude:
  - id: id32
id0:
  test.nop:
    - name: /tmp/n0
    - names:
      - id0_n0
      - id0_n1
      - id0_n2
    - watch:
      - cmd: id11
    - listen_in:
      - file: id8
      - cmd: id50
      - id4
    - prereq_in:
      - file: id56
      - test: id45
      - file: id1
id1:
  file.managed:
    - name: /tmp/n1
    - require:
      - file: id49
      - sls: main
id5:
  test.succeed_without_changes:
    - names:
      - id5_n0:
        - comment: c0
    - order: 1
    - mode: 755
    - require:
      - sls: a
    - use:
      - sls: main
      - file: id17
      - cmd: id36
id7:
  service.running:
    - name: /tmp/n7
    - order: 1
    - mode: 644
    - watch_in:
      - id31
      - id6
id8:
  file.managed:
    - listen_in:
      - cmd: /tmp/n50
      - test: id5
      - service: id33
id11:
  test.nop:
    - name: /tmp/n11
    - names:
      - id11_n0
      - id11_n1:
        - comment: c1
      - id11_n2:
        - comment: c2
id12:
  file.managed:
    - mode: 755
    - require_any:
      - file: id56
      - test: /tmp/n31
    - listen:
      - cmd: id13
      - service: id59
      - id6
    - onfail:
      - test: id58
id14:
  file.managed:
    - prereq:
      - service: /tmp/n7
    - watch:
      - sls: main
      - cmd: id43
      - cmd: id44
    - use_in:
      - sls: c
id19:
  test.succeed_without_changes:
    - onchanges:
      - file: id34
      - file: id3
    - prereq:
      - file: id49
      - test: /tmp/n26
id23:
  test.nop:
    - name: /tmp/n23
    - onchanges_in:
      - file: id56
    - require_any:
      - sls: a
      - sls: main
    - onfail:
      - test: id52
id28:
  service.running:
    - order: 5
id30:
  test.succeed_without_changes:
    - name: /tmp/n30
    - names:
      - id30_n0:
        - comment: c0
    - order: 2.5
    - prereq:
      - sls: b
    - onfail:
      - cmd: id40
      - test: id23
      - test: id61
    - require_any:
      - test: id11
      - cmd: id44
      - sls: c
id34:
  file.managed:
    - mode: 755
    - use:
      - cmd: id35
      - file: id29
    - require_any:
      - id45
id36:
  cmd.run:
    - name: /tmp/n36
    - mode: 755
    - onfail:
      - test: id31
      - file: id16
    - require:
      - test: id60
      - cmd: id37
id43:
  test.nop:
    - names:
      - id43_n0
    - order: weird
id44:
  cmd.run:
    - names:
      - id44_n0
    - order: -1
    - mode: 755
    - require:
      - test: id0
id49:
  file.managed:
    - name: /tmp/n49
    - listen:
      - test: id31
      - service: id21
    - watch:
      - id54
      - sls: b
      - file: id8
    - listen:
      - test: id60
id51:
  cmd.run:
    - names:
      - id51_n0:
        - comment: c0
      - id51_n1
    - onchanges:
      - file: id14
id52:
  test.succeed_without_changes:
    - name: /tmp/n52
    - onfail:
      - cmd: id37
      - test: id25
    - require_any:
      - sls: b
      - test: id0
      - cmd: id51
    - require:
      - file: id34
      - file: id49
      - test: id26
id54:
  file.managed:
    - name: /tmp/n54
    - order: 5
    - mode: 600
    - onfail:
      - test: id20
      - test: id40
    - onfail_any:
      - service: /tmp/n7
      - test: id37
      - test: id4
    - require:
      - test: id11
      - service: id24
      - test: id51
