include:
  - roles.*
main:
  test.nop
