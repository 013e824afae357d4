chicken:
  test.nop:
    - require:
      - test: egg
egg:
  test.nop:
    - require:
      - test: chicken
w1:
  test.nop:
    - watch:
      - test: w2
w2:
  test.nop:
    - require:
      - test: w1
