first:
  test.nop:
    - require:
      - test: second
second:
  test.nop:
    - require:
      - test: third
third:
  test.nop:
    - require:
      - test: first
