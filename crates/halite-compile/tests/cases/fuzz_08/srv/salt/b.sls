id0:
  cmd.run:
    - name: /tmp/n0
    - order: 5
id8:
  test.nop:
    - require_any:
      - test: id11
      - cmd: id3
id11:
  test.succeed_without_changes:
    - mode: 755
