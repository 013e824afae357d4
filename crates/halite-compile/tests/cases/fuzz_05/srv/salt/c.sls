id1:
  test.succeed_without_changes:
    - names:
      - id1_n0
      - id1_n1:
        - comment: c1
id5:
  file.managed:
    - name: /tmp/n5
    - mode: 755
    - onfail_any:
      - test: /tmp/n2
      - test: id10
    - watch:
      - cmd: id3
      - service: id11
id6:
  test.succeed_without_changes:
    - order: 2.5
    - mode: 644
    - listen:
      - id4
    - listen:
      - test: id9
      - cmd: id7
id8:
  test.succeed_without_changes:
    - name: /tmp/n8
    - onfail_any:
      - service: id11
      - sls: a
    - require:
      - test: id4
      - test: id4
