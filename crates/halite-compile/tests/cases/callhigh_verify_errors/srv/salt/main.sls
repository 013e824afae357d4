a:
  test.nop:
    - require: notalist
    - require_in:
      - test: missing
b:
  test.nop
