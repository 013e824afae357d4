include:
  - a
  - b
  - c
id5:
  service.running:
    - comment: plain
id9:
  file.managed:
    - name: /tmp/n9
    - require_any:
      - test: id13
    - require:
      - cmd: id27
      - cmd: id21
id15:
  test.succeed_without_changes:
    - name: /tmp/n15
    - mode: 600
    - require_in:
      - service: id14
      - test: id7
      - test: id13
    - onchanges_in:
      - sls: main
      - test: id7
id21:
  cmd.run:
    - name: /tmp/n21
    - names:
      - id21_n0
    - onfail:
      - file: id6
      - sls: c
      - test: id26
    - onchanges_in:
      - id2
    - use:
      - test: /tmp/n15
extend:
  id25:
    cmd:
      - mode: 700
      - require:
        - test: id26
