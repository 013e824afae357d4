id2:
  service.running:
    - name: /tmp/n2
    - mode: 755
    - onfail_in:
      - sls: b
    - use:
      - sls: b
    - require_any:
      - sls: main
      - test: id1
id15:
  cmd.run:
    - name: /tmp/n15
    - onfail_in:
      - service: id33
      - test: id27
      - test: id43
id16:
  file.managed:
    - name: /tmp/n16
    - mode: 600
    - watch:
      - test: /tmp/n25
      - cmd: /tmp/n36
    - use_in:
      - test: id43
      - sls: main
    - onfail:
      - id54
id17:
  file.managed:
    - mode: 644
    - listen_in:
      - cmd: id41
      - service: id33
    - watch:
      - id12
      - cmd: id58
    - onfail_any:
      - cmd: id36
id22:
  cmd.run:
    - name: /tmp/n22
    - order: -3
    - use:
      - sls: b
      - service: id2
    - prereq_in:
      - service: id7
      - test: id19
id29:
  file.managed:
    - name: /tmp/n29
    - mode: 644
id37:
  test.succeed_without_changes:
    - name: /tmp/n37
    - order: -3
    - mode: 755
    - listen_in:
      - service: id32
    - listen_in:
      - sls: b
      - sls: b
id40:
  test.succeed_without_changes:
    - names:
      - id40_n0
      - id40_n1:
        - comment: c1
id45:
  test.succeed_without_changes:
    - mode: 644
    - prereq:
      - service: id28
      - sls: c
      - id19
    - use_in:
      - test: /tmp/n30
      - cmd: /tmp/n50
    - watch_in:
      - service: id38
id55:
  cmd.run:
    - comment: plain
id59:
  service.running:
    - name: /tmp/n59
    - mode: 600
    - require_any:
      - test: id26
    - onchanges:
      - file: id1
    - listen_in:
      - test: id37
