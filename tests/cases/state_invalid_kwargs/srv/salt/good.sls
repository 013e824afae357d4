# Arguments the function takes, and the state system's own keywords, are fine.
ok:
  test.configurable_test_state:
    - changes: False
    - comment: all known
    - order: 5
    - failhard: False
    - require:
      - test: other
other:
  test.succeed_without_changes:
    - unless: /bin/false
