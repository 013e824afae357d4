id0:
  test.succeed_without_changes:
    - order: 10001
    - onchanges:
      - sls: c
    - require_any:
      - id20
id2:
  service.running:
    - name: /tmp/n2
    - names:
      - id2_n0
      - id2_n1
    - mode: 644
    - listen_in:
      - sls: a
id3:
  file.managed:
    - order: 10001
    - mode: 644
    - prereq:
      - id19
      - sls: c
      - sls: b
    - watch_in:
      - id63
      - sls: a
    - prereq:
      - service: id25
      - id14
id6:
  test.nop:
    - name: /tmp/n6
    - mode: 755
id8:
  test.nop:
    - name: /tmp/n8
    - mode: 600
    - onchanges:
      - id52
id10:
  test.nop:
    - name: /tmp/n10
    - names:
      - id10_n0
    - watch_in:
      - test: id5
      - cmd: id39
    - listen_in:
      - cmd: id46
      - test: id33
      - sls: a
    - require_in:
      - file: /tmp/n63
      - sls: main
id28:
  service.running:
    - order: last
    - mode: 644
    - require_any:
      - sls: b
    - onchanges:
      - service: id61
id29:
  service.running:
    - name: /tmp/n29
    - mode: 755
    - use_in:
      - cmd: id26
id32:
  cmd.run:
    - onchanges_in:
      - service: id24
      - cmd: id55
    - require:
      - cmd: id43
      - test: id30
      - file: id63
id35:
  service.running:
    - name: /tmp/n35
    - order: 1
    - onchanges:
      - test: id6
    - use:
      - test: id7
      - sls: c
    - use:
      - test: id14
      - id23
      - test: id20
id37:
  test.nop:
    - name: /tmp/n37
    - mode: 600
    - listen:
      - file: id1
    - require:
      - test: id22
      - cmd: id55
id48:
  cmd.run:
    - order: 5
    - mode: 755
    - use:
      - test: id49
      - sls: b
      - sls: c
    - onfail:
      - test: id5
      - file: id63
id49:
  test.succeed_without_changes:
    - mode: 644
    - watch:
      - test: /tmp/n7
    - prereq_in:
      - cmd: id22
id53:
  test.nop:
    - name: /tmp/n53
    - onfail_in:
      - sls: a
      - id36
    - onfail_any:
      - cmd: id26
id56:
  file.managed:
    - name: /tmp/n56
    - names:
      - id56_n0
    - onfail_in:
      - cmd: id45
      - test: id60
      - cmd: id38
    - watch_in:
      - test: id21
      - test: id37
id58:
  file.managed:
    - name: /tmp/n58
id61:
  service.running:
    - watch:
      - id1
      - sls: c
    - use:
      - test: id16
