exclude:
  - id: id0
id0:
  file.managed:
    - name: /tmp/n0
    - order: -3
    - mode: 600
id4:
  service.running:
    - onfail_in:
      - file: id7
    - require_in:
      - id1
      - test: id10
      - file: id7
    - prereq:
      - service: id1
id7:
  file.managed:
    - watch:
      - service: id4
    - require:
      - id8
      - file: id7
    - require_any:
      - file: id2
id9:
  test.nop:
    - order: 100
    - mode: 600
