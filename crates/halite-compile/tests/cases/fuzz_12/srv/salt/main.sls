include:
  - a
  - b
  - c
id4:
  service.running:
    - name: /tmp/n4
    - mode: 644
    - use_in:
      - cmd: id5
    - onchanges_in:
      - test: id7
    - require:
      - test: id10
      - service: id0
id9:
  test.nop:
    - names:
      - id9_n0
    - mode: 755
    - prereq_in:
      - id3
    - require_any:
      - cmd: id11
id14:
  cmd.run:
    - prereq:
      - id3
id16:
  test.nop:
    - names:
      - id16_n0
    - order: first
    - require:
      - cmd: id11
      - cmd: id14
      - service: id0
    - listen:
      - test: id9
      - test: id12
