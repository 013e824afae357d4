id7:
  test.succeed_without_changes:
    - name: /tmp/n7
    - mode: 644
    - onfail_in:
      - sls: a
    - require:
      - id1
      - file: id12
      - sls: main
    - use:
      - file: /tmp/n5
id10:
  test.succeed_without_changes:
    - name: /tmp/n10
    - order: last
    - mode: 644
    - require:
      - test: id10
      - test: id8
      - file: id12
    - use_in:
      - test: id3
      - file: id4
      - file: id12
