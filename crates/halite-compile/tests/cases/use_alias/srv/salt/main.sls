t1:
  test.nop:
    - comment: one
    - listen:
      - test: t2
    - require_any:
      - test: t2
t2:
  test.nop:
    - comment: two
    - extra: val
user:
  test.nop:
    - use:
      - test: t1
      - test: t2
