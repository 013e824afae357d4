c1:
  test.nop:
    - require:
      - test: c2
c2:
  test.nop:
    - onfail:
      - test: c1
