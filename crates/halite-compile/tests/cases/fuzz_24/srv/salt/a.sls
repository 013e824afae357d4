id0:
  test.succeed_without_changes:
    - names:
      - id0_n0
      - id0_n1:
        - comment: c1
      - id0_n2
    - onchanges:
      - test: id6
      - file: /tmp/n11
      - test: id4
id1:
  test.succeed_without_changes:
    - mode: 644
    - prereq:
      - service: /tmp/n7
      - test: id15
      - test: id6
    - watch:
      - id12
id12:
  cmd.run:
    - mode: 600
    - onchanges_in:
      - test: id10
id14:
  test.nop:
    - names:
      - id14_n0:
        - comment: c0
      - id14_n1
      - id14_n2:
        - comment: c2
    - mode: 644
    - listen:
      - sls: b
      - test: id9
      - file: id11
    - prereq:
      - sls: a
      - cmd: id3
      - test: id6
    - require_any:
      - test: id6
      - cmd: id5
id15:
  test.succeed_without_changes:
    - name: /tmp/n15
    - prereq:
      - id13
      - test: id4
      - id2
