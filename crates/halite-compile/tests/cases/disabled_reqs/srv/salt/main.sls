t:
  test.nop
s:
  test.nop:
    - require_in:
      - test: t
    - watch_in:
      - test: t
