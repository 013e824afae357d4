exclude:
  - sls: a
  - id: b2
m1:
  test.nop
