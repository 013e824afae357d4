first:
  test.nop:
    - require:
      - second
second:
  test.nop:
    - require:
      - third
third:
  test.nop:
    - require:
      - first
independent:
  test.nop
