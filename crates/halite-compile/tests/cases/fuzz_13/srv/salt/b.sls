id0:
  test.succeed_without_changes:
    - mode: 644
    - onfail_any:
      - id9
      - file: id3
    - require_any:
      - sls: main
id5:
  test.succeed_without_changes:
    - name: /tmp/n5
    - use:
      - sls: a
      - sls: c
id6:
  cmd.run:
    - mode: 755
    - onchanges_in:
      - sls: a
id10:
  test.nop:
    - name: /tmp/n10
    - names:
      - id10_n0
      - id10_n1:
        - comment: c1
    - prereq_in:
      - sls: main
id11:
  cmd.run:
    - mode: 600
    - onfail_in:
      - cmd: id8
      - test: id1
    - onchanges_in:
      - test: id2
