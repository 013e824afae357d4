id6:
  test.nop:
    - name: /tmp/n6
    - order: -1
    - mode: 600
    - prereq:
      - file: id11
      - file: id11
      - cmd: id7
    - onfail:
      - service: id5
id10:
  test.succeed_without_changes:
    - order: weird
    - mode: 755
