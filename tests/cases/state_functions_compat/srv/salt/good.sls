include:
  - sub
good:
  test.succeed_with_changes:
    - require:
      - sls: sub
