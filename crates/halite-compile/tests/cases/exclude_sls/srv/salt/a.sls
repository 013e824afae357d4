a1:
  test.nop
a2:
  test.nop:
    - require_in:
      - test: b1
