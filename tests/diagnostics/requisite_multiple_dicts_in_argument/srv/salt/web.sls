a:
  test.nop: []
web:
  test.nop:
    - require:
        - test: a
      watch:
        - test: a
