shared_id:
  test.nop: []
