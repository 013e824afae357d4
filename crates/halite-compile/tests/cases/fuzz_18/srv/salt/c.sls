id9:
  test.succeed_without_changes:
    - order: 100
    - prereq:
      - test: id5
      - id11
      - file: id8
    - onfail_in:
      - cmd: /tmp/n7
      - sls: a
id10:
  service.running:
    - name: /tmp/n10
    - order: 5
    - mode: 644
