bad:
  test.fail_without_changes
good:
  test.nop
needs_bad:
  test.nop:
    - require:
      - test: bad
needs_needs_bad:
  test.nop:
    - require:
      - needs_bad
needs_good:
  test.succeed_with_changes:
    - require:
      - good
any_one_good:
  test.nop:
    - require_any:
      - bad
      - good
any_all_bad:
  test.nop:
    - require_any:
      - bad
      - test: needs_bad
