id0:
  service.running:
    - name: /tmp/n0
    - mode: 755
    - prereq_in:
      - cmd: id24
id2:
  test.nop:
    - name: /tmp/n2
    - names:
      - id2_n0:
        - comment: c0
    - mode: 600
    - prereq_in:
      - test: id20
    - prereq_in:
      - file: id8
      - service: /tmp/n10
      - sls: main
    - onfail_any:
      - id29
id3:
  file.managed:
    - name: /tmp/n3
    - mode: 755
    - onfail:
      - test: id20
      - sls: main
    - watch_in:
      - cmd: id25
      - test: id5
id8:
  file.managed:
    - name: /tmp/n8
    - mode: 600
id16:
  cmd.run:
    - watch:
      - test: id23
id19:
  test.succeed_without_changes:
    - name: /tmp/n19
    - require:
      - test: id33
      - test: id28
      - service: /tmp/n14
id21:
  test.nop:
    - mode: 755
    - watch_in:
      - service: id31
    - require_in:
      - id30
      - sls: c
      - test: id4
    - watch_in:
      - cmd: id29
      - test: id12
      - cmd: id11
id24:
  service.running:
    - order: last
    - mode: 755
    - prereq:
      - id20
      - test: id32
      - test: id14
    - require_in:
      - test: id26
      - test: id12
id25:
  service.running:
    - mode: 600
    - listen:
      - test: id32
      - test: /tmp/n20
      - sls: a
    - require_in:
      - file: id27
      - test: id32
      - test: id28
    - onfail:
      - id16
id29:
  cmd.run:
    - name: /tmp/n29
    - mode: 644
id30:
  test.nop:
    - onfail:
      - service: /tmp/n10
      - sls: c
      - test: id32
    - use_in:
      - test: id6
      - sls: a
      - test: /tmp/n26
id31:
  service.running:
    - names:
      - id31_n0:
        - comment: c0
      - id31_n1:
        - comment: c1
      - id31_n2
id33:
  test.nop:
    - names:
      - id33_n0:
        - comment: c0
    - listen_in:
      - sls: main
      - test: id2
