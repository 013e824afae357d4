bad_fun:
  test.no_such_function
good:
  test.nop
needs:
  test.nop:
    - require:
      - bad_fun
missing_arg:
  cmd.run: []
