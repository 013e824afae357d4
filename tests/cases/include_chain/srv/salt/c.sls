c_state:
  test.nop: []
c_other:
  test:
    - nop
    - order: 5
