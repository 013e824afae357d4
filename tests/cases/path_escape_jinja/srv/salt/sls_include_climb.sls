include:
  - sub/../../secret
  - /secret
  - ..secret
x:
  test.nop
