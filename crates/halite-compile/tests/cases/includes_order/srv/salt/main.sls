include:
  - lib.a
  - lib.b
m:
  test.nop:
    - require:
      - sls: lib.a
