dictreq:
  test.nop:
    - require:
      - test: {a: 1, b: [x]}
      - null
      - 1.5
      - true
tworeq:
  test.nop:
    - require:
      - test: x
    - watch:
      - test: tworeq2
tworeq2:
  test.nop:
    - require:
      - test: tworeq
