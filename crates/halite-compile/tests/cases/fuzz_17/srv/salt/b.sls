id1:
  test.succeed_without_changes:
    - order: -3
    - mode: 755
    - use_in:
      - test: id7
      - cmd: id3
      - sls: main
    - listen:
      - file: id13
      - file: id9
id2:
  test.nop:
    - comment: plain
id5:
  cmd.run:
    - name: /tmp/n5
id17:
  test.nop:
    - name: /tmp/n17
    - require_any:
      - service: id11
    - listen_in:
      - test: id2
      - test: id6
