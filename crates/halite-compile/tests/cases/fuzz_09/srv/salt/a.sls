id5:
  test.nop:
    - name: /tmp/n5
    - names:
      - id5_n0:
        - comment: c0
      - id5_n1:
        - comment: c1
    - require_in:
      - cmd: id8
    - listen:
      - sls: main
id8:
  cmd.run:
    - names:
      - id8_n0
      - id8_n1
    - mode: 755
id13:
  cmd.run:
    - names:
      - id13_n0
      - id13_n1:
        - comment: c1
      - id13_n2
    - onchanges:
      - test: id16
    - use:
      - file: id0
id15:
  test.succeed_without_changes:
    - name: /tmp/n15
    - order: -1
    - mode: 755
    - prereq_in:
      - cmd: id12
      - file: id2
    - prereq:
      - cmd: id6
      - cmd: id11
    - listen:
      - service: id14
      - test: id12
      - test: /tmp/n10
