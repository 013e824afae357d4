db:
  test.nop: []
web:
  test.nop:
    - require:
      - test.nop: db
