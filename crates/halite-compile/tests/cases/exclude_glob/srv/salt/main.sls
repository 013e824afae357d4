exclude:
  - apps.*
keep:
  test.nop
extend:
  one:
    test:
      - comment: extended but excluded
