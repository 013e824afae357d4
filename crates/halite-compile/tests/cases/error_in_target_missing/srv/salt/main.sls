src:
  test.nop:
    - require_in:
      - test: nonexistent
      - cmd: src2
src2:
  test.nop
