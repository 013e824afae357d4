include:
  - a
  - b
  - c
id0:
  service.running:
    - names:
      - id0_n0
      - id0_n1:
        - comment: c1
      - id0_n2
    - order: 5
    - watch:
      - cmd: id9
    - require_in:
      - test: id4
      - cmd: id9
    - onchanges_in:
      - test: id5
id11:
  cmd.run:
    - comment: plain
id12:
  test.succeed_without_changes:
    - name: /tmp/n12
    - prereq_in:
      - test: id7
    - onfail_any:
      - test: id7
      - cmd: id10
    - onfail:
      - sls: c
