exclude:
  - id: id4
id1:
  test.succeed_without_changes:
    - mode: 600
    - onchanges_in:
      - test: id7
    - watch:
      - test: id7
    - require:
      - service: id4
id5:
  test.nop:
    - watch:
      - test: id10
id7:
  test.succeed_without_changes:
    - name: /tmp/n7
    - order: 100
    - require:
      - sls: a
    - prereq_in:
      - test: id5
      - test: id0
      - sls: main
