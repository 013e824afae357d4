tgt:
  test.nop
src:
  test.nop:
    - require_in:
      - test.nop: tgt
src2:
  test.nop:
    - watch_in:
        test.nop: tgt
