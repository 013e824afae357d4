last_one:
  test.nop:
    - order: last
first_one:
  test.nop:
    - order: first
ordered:
  test.nop:
    - order: 5
pkgs:
  test.succeed_with_changes:
    - names:
      - alpha
      - beta
needs_beta:
  test.nop:
    - require:
      - test: beta
watch_alpha:
  test.nop:
    - watch:
      - test: alpha
