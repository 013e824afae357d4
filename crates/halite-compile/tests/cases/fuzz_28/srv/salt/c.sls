id2:
  cmd.run:
    - name: /tmp/n2
    - order: 10001
id9:
  test.succeed_without_changes:
    - name: /tmp/n9
    - names:
      - id9_n0
      - id9_n1
      - id9_n2:
        - comment: c2
    - mode: 600
    - use:
      - service: id8
    - onfail:
      - test: id1
