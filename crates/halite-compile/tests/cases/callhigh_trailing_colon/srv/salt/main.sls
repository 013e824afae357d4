trailing:
  test.nop:
b:
  test.nop:
    - require_in:
      - test: trailing
