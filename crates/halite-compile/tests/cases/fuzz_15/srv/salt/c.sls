exclude:
  - id: id11
id7:
  test.succeed_without_changes:
    - mode: 600
    - onchanges_in:
      - cmd: id9
      - sls: main
    - prereq_in:
      - test: id12
      - sls: c
      - id10
id8:
  cmd.run:
    - name: /tmp/n8
    - mode: 600
    - onchanges_in:
      - test: id12
    - use:
      - cmd: id4
id10:
  cmd.run:
    - comment: plain
