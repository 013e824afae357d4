x:
  test.nop:
    - require:
      - test: y
    - onchanges:
      - test: y
y:
  test.nop
z:
  test.nop
