exclude:
  - id: id5
id1:
  test.succeed_without_changes:
    - name: /tmp/n1
    - mode: 644
    - use:
      - test: id0
      - sls: a
    - onfail:
      - cmd: id4
      - file: id5
