web:
  test.nop:
    - require:
      - test: database
