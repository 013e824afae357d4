giver:
  test.nop:
    - comment: shared
    - listen:
      - test: r1
    - watch_any:
      - test: r1
    - use_in:
      - test: r1
      - test: r2
r1:
  test.nop:
    - listen:
      - test: r2
r2:
  test.nop
