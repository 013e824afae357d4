id4:
  file.managed:
    - name: /tmp/n4
    - mode: 644
id7:
  test.succeed_without_changes:
    - name: /tmp/n7
    - mode: 755
    - onchanges_in:
      - sls: b
    - onfail:
      - test: /tmp/n23
      - file: id12
      - test: id29
    - require_any:
      - test: id28
      - cmd: id26
id10:
  cmd.run:
    - mode: 600
    - listen:
      - test: id22
    - onfail_in:
      - file: /tmp/n4
      - cmd: id2
      - cmd: id20
    - prereq:
      - cmd: id21
id18:
  file.managed:
    - mode: 644
    - onfail_any:
      - test: id23
      - file: id9
      - file: id14
    - require_any:
      - id1
      - test: id24
id19:
  file.managed:
    - name: /tmp/n19
    - order: 2.5
id21:
  cmd.run:
    - name: /tmp/n21
    - order: -1
    - use_in:
      - test: /tmp/n25
      - cmd: id29
      - cmd: id2
    - onchanges:
      - file: id18
      - file: id33
      - sls: b
    - watch:
      - service: id11
      - test: id29
      - test: /tmp/n30
id29:
  test.nop:
    - order: 100
    - onfail_in:
      - id21
id31:
  file.managed:
    - name: /tmp/n31
    - names:
      - id31_n0:
        - comment: c0
      - id31_n1
    - order: -1
    - mode: 644
    - use_in:
      - file: /tmp/n33
      - sls: b
