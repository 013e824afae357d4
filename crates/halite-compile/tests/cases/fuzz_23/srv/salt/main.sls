include:
  - a
  - b
  - c
id0:
  test.nop:
    - names:
      - id0_n0
      - id0_n1
    - mode: 644
id3:
  test.succeed_without_changes:
    - order: 1
    - mode: 644
    - require:
      - id11
    - require:
      - id0
    - prereq_in:
      - test: id0
      - cmd: id7
      - cmd: id1
id4:
  test.nop:
    - name: /tmp/n4
    - require_in:
      - service: id9
    - prereq:
      - test: id3
      - test: id7
      - test: id0
    - prereq_in:
      - sls: a
      - id12
extend:
  id13:
    test:
      - mode: 700
      - require:
        - test: id6
