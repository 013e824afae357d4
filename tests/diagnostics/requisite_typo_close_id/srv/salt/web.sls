database:
  test.nop: []
web:
  test.nop:
    - require:
      - test: databse
