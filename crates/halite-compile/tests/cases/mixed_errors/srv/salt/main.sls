extend:
  nothere:
    test:
      - comment: x
a:
  test.nop:
    - require: notalist
    - require_in:
      - test.nop: b
      - test: missing
b:
  test.nop:
    - watch:
      - test: c
c:
  test.nop:
    - watch:
      - test: b
