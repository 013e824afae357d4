extend:
  ghost:
    test:
      - comment: boo
b:
  test.nop:
    - require: bad
