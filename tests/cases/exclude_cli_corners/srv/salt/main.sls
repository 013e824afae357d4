include:
  - app
  - other
exclude:
  - id: gone
  - sls: other
extend:
  kept:
    test.succeed_without_changes:
      - name: extended
      - require:
        - test: base_state
  app_state:
    test.nop:
      - require_in:
        - test: kept
base_state:
  test.succeed_with_changes
kept:
  test.succeed_without_changes
gone:
  test.nop
