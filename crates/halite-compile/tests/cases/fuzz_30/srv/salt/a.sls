id1:
  file.managed:
    - name: /tmp/n1
    - order: -1
id4:
  test.nop:
    - name: /tmp/n4
    - names:
      - id4_n0
    - order: 2.5
    - mode: 600
    - require:
      - sls: b
      - cmd: id20
      - test: id23
    - listen:
      - service: id9
      - cmd: id8
      - sls: b
id5:
  service.running:
    - order: last
    - mode: 600
    - require:
      - id19
      - file: id26
      - id8
    - use_in:
      - cmd: id27
      - sls: main
id13:
  test.succeed_without_changes:
    - require_any:
      - test: /tmp/n14
      - file: id12
      - file: /tmp/n33
id16:
  cmd.run:
    - mode: 644
    - onchanges_in:
      - sls: a
    - listen_in:
      - cmd: id19
      - service: id24
id22:
  service.running:
    - name: /tmp/n22
    - mode: 644
    - onchanges:
      - service: id5
    - watch:
      - test: /tmp/n14
      - file: id6
      - test: id28
    - use_in:
      - sls: main
      - file: id6
      - sls: a
id23:
  test.succeed_without_changes:
    - name: /tmp/n23
    - order: first
    - onchanges_in:
      - sls: main
      - test: id26
    - onfail:
      - test: id27
      - test: id4
      - id1
    - onchanges:
      - sls: b
      - cmd: id31
id27:
  test.succeed_without_changes:
    - names:
      - id27_n0:
        - comment: c0
      - id27_n1
    - mode: 755
    - prereq:
      - id11
      - service: id24
    - watch_in:
      - sls: b
      - id16
      - service: id0
id32:
  service.running:
    - name: /tmp/n32
    - order: -1
    - mode: 755
    - onchanges:
      - id14
