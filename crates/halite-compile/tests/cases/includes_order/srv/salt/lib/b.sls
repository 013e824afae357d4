b1:
  test.nop:
    - onchanges_in:
      - sls: lib.a
