target:
  test.nop
target2:
  test.nop
src:
  test.nop:
    - require_in:
        test: target
    - watch_in:
        test: target2
src2:
  test.nop:
    - require_in:
        test: target
