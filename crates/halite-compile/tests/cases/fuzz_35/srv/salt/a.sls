id1:
  file.managed:
    - name: /tmp/n1
    - order: -3
    - onfail_any:
      - test: id13
      - service: id24
id9:
  service.running:
    - name: /tmp/n9
    - order: -1
    - listen:
      - test: id17
id19:
  test.succeed_without_changes:
    - mode: 644
    - use_in:
      - service: id24
id20:
  test.nop:
    - watch_in:
      - test: id34
      - test: id5
id22:
  test.nop:
    - name: /tmp/n22
    - order: -1
    - onfail:
      - sls: c
    - onfail_in:
      - cmd: id12
id25:
  service.running:
    - name: /tmp/n25
    - order: -1
    - onchanges:
      - service: id29
      - test: id20
id43:
  cmd.run:
    - name: /tmp/n43
    - mode: 644
    - use_in:
      - cmd: id48
      - id47
      - cmd: id48
    - listen:
      - test: /tmp/n13
      - test: id22
      - file: id1
id44:
  service.running:
    - names:
      - id44_n0
    - mode: 644
id46:
  cmd.run:
    - name: /tmp/n46
    - names:
      - id46_n0:
        - comment: c0
      - id46_n1
      - id46_n2:
        - comment: c2
    - order: 1
    - onfail:
      - test: id53
      - sls: a
    - watch_in:
      - service: id31
      - service: id28
      - id28
id47:
  service.running:
    - names:
      - id47_n0
      - id47_n1
    - watch_in:
      - test: id11
      - file: id18
    - listen:
      - test: id30
      - sls: c
id50:
  file.managed:
    - prereq:
      - cmd: /tmp/n12
    - prereq_in:
      - service: id27
      - sls: main
      - test: id33
    - use_in:
      - test: /tmp/n53
id57:
  cmd.run:
    - name: /tmp/n57
    - mode: 600
    - onfail_any:
      - cmd: id25
      - id19
