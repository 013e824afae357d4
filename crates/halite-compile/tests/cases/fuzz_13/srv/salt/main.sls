include:
  - a
  - b
  - c
extend:
  id7:
    file:
      - mode: 700
      - require:
        - test: id9
