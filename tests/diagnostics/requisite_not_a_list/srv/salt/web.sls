db:
  test.nop: []
web:
  test.nop:
    - require: db
