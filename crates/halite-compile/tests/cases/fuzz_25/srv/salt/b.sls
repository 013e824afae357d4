id1:
  cmd.run:
    - name: /tmp/n1
    - onchanges_in:
      - service: id8
      - cmd: id11
    - listen_in:
      - file: id9
      - cmd: id2
    - listen_in:
      - id12
      - test: id13
id2:
  test.nop:
    - name: /tmp/n2
    - order: weird
    - mode: 600
    - watch:
      - test: id3
    - watch:
      - cmd: id3
      - service: id7
id6:
  test.succeed_without_changes:
    - order: weird
    - use_in:
      - service: id8
    - onchanges_in:
      - service: id8
      - service: id15
      - cmd: id2
