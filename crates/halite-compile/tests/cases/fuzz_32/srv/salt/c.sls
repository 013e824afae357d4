id4:
  file.managed:
    - mode: 644
id10:
  test.nop:
    - mode: 644
    - listen:
      - test: id9
      - test: id3
      - cmd: id12
    - prereq_in:
      - test: id9
id18:
  test.nop:
    - mode: 755
    - onchanges:
      - sls: main
      - cmd: id11
    - onfail:
      - test: id6
      - cmd: id1
    - onfail_in:
      - cmd: id1
      - cmd: id23
id19:
  test.succeed_without_changes:
    - mode: 600
    - prereq_in:
      - id25
      - test: id2
      - cmd: id22
    - onfail_any:
      - file: id4
      - file: id6
      - test: id6
    - require_in:
      - test: id2
