include:
  - a
  - b
  - c
id5:
  cmd.run:
    - name: /tmp/n5
    - order: 10001
    - onchanges:
      - sls: a
    - onchanges:
      - test: id9
      - test: id7
    - onfail_in:
      - id1
      - test: id9
id6:
  cmd.run:
    - comment: plain
extend:
  id3:
    cmd:
      - mode: 700
      - require:
        - test: id6
