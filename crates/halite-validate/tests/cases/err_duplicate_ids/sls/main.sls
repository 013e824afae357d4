include:
  - other
shared_id:
  test.nop: []
