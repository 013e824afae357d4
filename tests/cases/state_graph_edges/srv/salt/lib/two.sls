lib_two:
  test.nop:
    - require:
      - lib_one
