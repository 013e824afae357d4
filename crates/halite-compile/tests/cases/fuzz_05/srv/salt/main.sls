include:
  - a
  - b
  - c
id7:
  test.succeed_without_changes:
    - mode: 644
    - listen:
      - test: id8
    - prereq:
      - cmd: id13
      - test: id7
      - test: id12
    - onchanges_in:
      - sls: b
id9:
  test.succeed_without_changes:
    - onchanges_in:
      - sls: c
      - cmd: id13
    - prereq:
      - file: id5
      - test: id8
      - test: id2
extend:
  id9:
    test:
      - mode: 700
      - require:
        - test: id6
