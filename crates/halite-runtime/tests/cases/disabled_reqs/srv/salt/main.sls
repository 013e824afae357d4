bad:
  test.fail_without_changes
needs_bad:
  test.nop:
    - require:
      - bad
watcher:
  test.nop:
    - onchanges:
      - bad
