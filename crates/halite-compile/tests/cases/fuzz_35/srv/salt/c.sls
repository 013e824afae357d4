id7:
  test.nop:
    - name: /tmp/n7
    - order: -3
    - mode: 600
    - use_in:
      - test: id62
      - sls: main
      - cmd: id12
id12:
  cmd.run:
    - name: /tmp/n12
    - prereq_in:
      - sls: b
      - cmd: id6
      - service: id54
id13:
  test.nop:
    - name: /tmp/n13
    - mode: 755
    - prereq_in:
      - test: id6
      - sls: main
    - watch_in:
      - service: id25
    - listen:
      - cmd: id32
id14:
  service.running:
    - names:
      - id14_n0
      - id14_n1
      - id14_n2:
        - comment: c2
    - onchanges_in:
      - sls: c
      - test: id26
      - test: id8
id16:
  test.nop:
    - name: /tmp/n16
    - order: first
    - mode: 600
    - prereq_in:
      - sls: c
id17:
  test.succeed_without_changes:
    - name: /tmp/n17
    - mode: 644
id23:
  service.running:
    - mode: 600
    - listen:
      - test: id22
      - file: id50
      - id30
id24:
  service.running:
    - order: 2.5
    - mode: 600
    - onfail_in:
      - cmd: id48
    - listen:
      - test: /tmp/n17
      - file: id52
      - sls: a
id26:
  cmd.run:
    - require:
      - test: id21
      - test: id42
    - onchanges:
      - file: id56
id27:
  service.running:
    - mode: 644
    - onchanges_in:
      - test: id22
      - cmd: id48
      - test: id49
    - use_in:
      - test: id6
      - test: /tmp/n10
      - cmd: id12
id30:
  test.nop:
    - name: /tmp/n30
id33:
  test.nop:
    - name: /tmp/n33
    - names:
      - id33_n0
      - id33_n1:
        - comment: c1
    - require_in:
      - id22
    - require:
      - sls: main
      - cmd: id30
      - service: /tmp/n41
    - use_in:
      - test: id11
      - cmd: id40
      - test: id34
id34:
  test.nop:
    - name: /tmp/n34
    - order: last
    - listen:
      - sls: a
      - test: id39
    - watch_in:
      - file: id56
id36:
  test.nop:
    - name: /tmp/n36
    - order: first
    - mode: 755
    - use:
      - cmd: id12
id42:
  test.succeed_without_changes:
    - mode: 755
    - listen:
      - test: id16
      - id55
    - prereq_in:
      - file: id63
      - id8
      - cmd: id48
id45:
  cmd.run:
    - mode: 755
    - require_in:
      - sls: a
      - file: id52
      - test: id7
    - require_any:
      - test: id7
id52:
  file.managed:
    - names:
      - id52_n0
    - mode: 600
id54:
  service.running:
    - name: /tmp/n54
    - mode: 644
    - prereq_in:
      - sls: c
    - require_any:
      - sls: main
      - sls: main
      - test: id21
    - listen_in:
      - sls: a
id63:
  file.managed:
    - name: /tmp/n63
    - names:
      - id63_n0
    - onchanges:
      - test: id60
      - sls: a
    - use:
      - service: id9
      - test: id60
    - onchanges_in:
      - service: id29
