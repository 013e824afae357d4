# With saltenv=base the include resolves in base's file roots.
include:
  - other
mine:
  test.nop:
    - require:
      - test: from_roots
