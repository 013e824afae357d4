exclude:
  - id: id26
id2:
  test.succeed_without_changes:
    - mode: 644
id3:
  test.nop:
    - mode: 755
    - onfail:
      - cmd: id25
id6:
  file.managed:
    - require:
      - file: id17
id17:
  file.managed:
    - names:
      - id17_n0:
        - comment: c0
    - mode: 600
id24:
  service.running:
    - name: /tmp/n24
    - names:
      - id24_n0
      - id24_n1:
        - comment: c1
      - id24_n2
    - order: -1
    - mode: 600
id25:
  cmd.run:
    - name: /tmp/n25
    - order: weird
    - require_in:
      - test: id28
      - test: id28
    - prereq_in:
      - file: id26
      - id5
    - use:
      - cmd: id20
      - test: id18
      - sls: main
id26:
  file.managed:
    - name: /tmp/n26
