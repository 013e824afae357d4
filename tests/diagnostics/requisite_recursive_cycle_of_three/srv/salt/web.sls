a:
  test.nop:
    - require:
      - test: c
b:
  test.nop:
    - require:
      - test: a
c:
  test.nop:
    - require:
      - test: b
