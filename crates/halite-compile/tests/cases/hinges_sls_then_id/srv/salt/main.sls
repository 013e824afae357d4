x:
  test.nop
y:
  test.nop
src:
  test.nop:
    - require_in:
      - test: x
      - sls: other
      - test: y
src2:
  test.nop:
    - watch_in:
      - sls: other
      - sls: other
