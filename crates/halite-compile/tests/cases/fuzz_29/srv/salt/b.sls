id1:
  test.nop:
    - require_any:
      - test: id29
      - file: id33
      - service: /tmp/n11
    - prereq:
      - test: id30
    - prereq_in:
      - test: id7
      - cmd: id15
      - cmd: id13
id2:
  cmd.run:
    - name: /tmp/n2
id12:
  file.managed:
    - order: 10001
    - use:
      - cmd: /tmp/n21
      - cmd: id17
      - sls: main
    - watch_in:
      - file: id0
      - sls: c
      - sls: b
    - onchanges_in:
      - sls: b
      - service: id16
      - id0
id15:
  test.succeed_without_changes:
    - order: -3
    - mode: 600
id23:
  test.nop:
    - name: /tmp/n23
    - use:
      - id9
      - cmd: /tmp/n2
id33:
  file.managed:
    - name: /tmp/n33
    - names:
      - id33_n0:
        - comment: c0
      - id33_n1
