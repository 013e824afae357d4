include:
  - a
  - b
  - c
id2:
  test.succeed_without_changes:
    - comment: plain
id4:
  test.nop:
    - order: 2.5
    - watch_in:
      - test: id15
      - file: id8
      - sls: a
    - listen:
      - sls: a
      - test: id2
      - id1
id11:
  file.managed:
    - name: /tmp/n11
    - watch_in:
      - service: id7
    - prereq_in:
      - cmd: id7
      - test: id1
    - prereq:
      - service: id13
      - id4
      - file: /tmp/n8
extend:
  id7:
    service:
      - mode: 700
      - require:
        - test: id12
