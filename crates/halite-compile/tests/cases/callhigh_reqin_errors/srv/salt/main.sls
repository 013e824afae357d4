a:
  test.nop:
    - require_in:
      - test: missing
      - test.nop: b
b:
  test.nop
