include:
  - .common
app_init:
  test.nop
