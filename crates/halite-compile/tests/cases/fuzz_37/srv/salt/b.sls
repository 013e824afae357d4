id2:
  cmd.run:
    - mode: 600
    - use_in:
      - service: id34
id5:
  file.managed:
    - mode: 644
    - require_any:
      - sls: a
      - file: id25
id9:
  test.nop:
    - use:
      - id27
      - cmd: id49
      - sls: b
    - onchanges:
      - cmd: id50
      - service: id32
      - id49
id13:
  service.running:
    - name: /tmp/n13
id14:
  test.succeed_without_changes:
    - name: /tmp/n14
    - order: -1
    - mode: 644
    - watch_in:
      - service: id54
    - prereq:
      - cmd: id16
      - sls: c
    - require_in:
      - cmd: id2
      - sls: b
id19:
  file.managed:
    - name: /tmp/n19
    - mode: 644
    - prereq:
      - file: id15
      - service: id40
    - onchanges_in:
      - cmd: id8
id23:
  test.succeed_without_changes:
    - name: /tmp/n23
    - order: weird
    - watch:
      - service: id22
      - cmd: id2
      - sls: c
    - watch_in:
      - service: /tmp/n31
      - file: /tmp/n25
      - service: id34
id31:
  service.running:
    - name: /tmp/n31
    - mode: 600
    - listen_in:
      - test: /tmp/n46
      - test: id47
      - test: id29
id34:
  service.running:
    - comment: plain
id37:
  test.succeed_without_changes:
    - order: -1
    - mode: 755
    - onfail_any:
      - service: id32
      - service: id6
    - listen:
      - service: id7
      - test: id47
      - file: id17
id38:
  test.nop:
    - order: weird
    - watch_in:
      - file: id53
      - test: id29
    - listen_in:
      - service: id30
id41:
  file.managed:
    - name: /tmp/n41
    - order: 100
    - mode: 755
    - prereq:
      - test: id4
id43:
  cmd.run:
    - names:
      - id43_n0
      - id43_n1
      - id43_n2:
        - comment: c2
    - prereq:
      - service: id50
id47:
  test.nop:
    - name: /tmp/n47
    - mode: 600
    - use:
      - file: id53
    - watch_in:
      - file: id17
      - service: /tmp/n13
id50:
  service.running:
    - name: /tmp/n50
    - watch_in:
      - id23
    - prereq:
      - id27
      - test: id11
      - test: id38
    - onfail_in:
      - cmd: id16
      - file: id48
      - file: id17
id56:
  test.succeed_without_changes:
    - mode: 600
