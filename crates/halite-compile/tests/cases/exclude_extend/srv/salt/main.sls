exclude:
  - sls: a
m1:
  test.nop
