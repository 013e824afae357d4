include:
  - a
  - b
  - c
id2:
  test.nop:
    - name: /tmp/n2
    - mode: 755
    - use_in:
      - test: id13
      - id1
      - sls: main
    - watch:
      - sls: b
      - file: id4
      - cmd: id7
id8:
  test.nop:
    - names:
      - id8_n0
    - order: -3
    - mode: 755
    - prereq:
      - cmd: id20
      - test: id18
      - service: id25
    - prereq:
      - file: id24
id9:
  test.succeed_without_changes:
    - name: /tmp/n9
    - order: weird
    - mode: 755
    - prereq_in:
      - sls: b
      - service: id13
id14:
  test.nop:
    - order: weird
    - mode: 644
    - prereq:
      - test: /tmp/n2
id20:
  test.nop:
    - name: /tmp/n20
    - names:
      - id20_n0
      - id20_n1:
        - comment: c1
      - id20_n2
    - order: 5
    - use:
      - test: id14
    - onchanges_in:
      - test: /tmp/n26
    - prereq_in:
      - sls: b
      - file: id6
id23:
  cmd.run:
    - name: /tmp/n23
    - names:
      - id23_n0
    - order: 5
    - mode: 644
