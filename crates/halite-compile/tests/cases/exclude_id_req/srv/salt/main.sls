exclude:
  - id: gone
gone:
  test.nop:
    - require_in:
      - test: stays
stays:
  test.nop:
    - require:
      - test: gone
