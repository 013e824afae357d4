include:
  - not_there
  - sls: x
main:
  test.nop
