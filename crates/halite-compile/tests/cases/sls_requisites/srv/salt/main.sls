needs_other:
  test.nop:
    - require:
      - sls: other
watcher:
  test.nop:
    - watch_in:
      - sls: other
      - test: needs_other
