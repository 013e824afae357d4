x:
  test.nop:
    - require:
      - test: missing
y:
  test.nop:
    - require:
      - test: z
z:
  test.nop:
    - require:
      - test: y
w:
  test.nop
